// The critical CSS of a page the page cache keeps: what its first paint needs, inlined; the whole
// stylesheet linked at the end of the body (app/lib/inline-stylesheet.tsx, docs/PERFORMANCE.md
// "Critical CSS in cached pages").
import { createHash } from "node:crypto";
import Beasties from "beasties";
import { LRUCache } from "lru-cache";
import type { Logger } from "../logger";

/** The stylesheet the server render inlines into a page for the cache (`Stylesheet`), and its file. */
const INLINE_STYLE = /<style id="stylesheet" data-href="([^"]+)">([\s\S]*?)<\/style>/;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
/** Elements with their attributes, outside scripts, styles and comments. */
const START_TAG = /<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const NOT_MARKUP = /<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<!--[\s\S]*?-->/gi;
/** Attributes a selector of the stylesheet names (`[type=…]`), not a class's escaped `\[…]`. */
const SELECTED_ATTRIBUTE = /(?<!\\)\[([a-zA-Z][\w-]*)/g;

/**
 * Returns `html` with its inlined stylesheet cut down to the rules its elements use (Beasties
 * matches every selector against the document), the `@font-face` rules (the browser fetches only
 * the subsets a page's text needs; Beasties cannot follow a font family given through a custom
 * property, which is how Tailwind names it) and the keyframes, and the whole stylesheet linked last
 * in the body. That link follows React's scripts that reveal the page's streamed parts, which would
 * otherwise wait for it; it blocks nothing before it, so the page paints with the critical rules
 * and the file styles what renders later and the pages navigated to next. (React's hydration skips
 * an element it did not render at the end of the body.) A page without an inlined stylesheet is
 * returned as it is.
 *
 * Matching takes 50-60 ms on a product page, so the result is kept per set of what selectors can
 * look at (tag names, classes, and the attributes the stylesheet selects on; Tailwind's selects no
 * id): the pages of a template share it. Two pages with that set alike but elements nested
 * differently could match a descendant selector differently; the whole stylesheet, loaded right
 * after, applies it then.
 */
export function createCriticalCss(log: Logger) {
  const beasties = new Beasties({
    external: false,
    reduceInlineStyles: true,
    inlineFonts: false,
    preloadFonts: false,
    keyframes: "all",
    // Beasties removes a pseudo-class with all it holds before matching, so it would drop these:
    // Tailwind's "each child but the last" (`:where(.space-y-4>:not(:last-child))`) and the
    // preflight's rules for pseudo-elements alone (`::placeholder`)
    allowRules: [/^:where\(/, /^::?[\w-]+(?:\(.*\))?$/],
    compress: true,
    logger: { warn: (message) => log.warn({ critical: message }, "critical CSS") },
    dedupeWarnings: "instance",
  });
  const bySelectable = new LRUCache<string, string>({ max: 100 });
  let stylesheet: { css: string; fontFaces: string; attributes: Set<string> } | undefined;

  return async function criticalCss(html: string): Promise<string> {
    const inlined = INLINE_STYLE.exec(html);
    if (!inlined) return html;
    const [whole, href = "", css = ""] = inlined;
    if (stylesheet?.css !== css) {
      stylesheet = {
        css,
        fontFaces: (css.match(FONT_FACE) ?? []).join(""),
        attributes: new Set([...css.matchAll(SELECTED_ATTRIBUTE)].map((match) => match[1] as string)),
      };
    }
    const key = selectable(html, stylesheet.attributes);
    let critical = bySelectable.get(key);
    if (critical === undefined) {
      let reduced: string;
      try {
        reduced = INLINE_STYLE.exec(await beasties.process(withPlainClasses(html)))?.[2] ?? "";
      } catch (error) {
        // the page keeps its whole stylesheet: heavier, never unstyled
        log.warn({ err: error }, "critical CSS failed; the page keeps the whole stylesheet inlined");
        return html;
      }
      critical = stylesheet.fontFaces + reduced.replace(FONT_FACE, "");
      bySelectable.set(key, critical);
    }
    const start = inlined.index;
    const end = html.lastIndexOf("</body>");
    if (end < start) return html;
    return [
      html.slice(0, start),
      `<style id="stylesheet" data-href="${href}">${critical}</style>`,
      html.slice(start + whole.length, end),
      `<link rel="stylesheet" href="${href}"/>`,
      html.slice(end),
    ].join("");
  };
}

const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;
const ENTITY = /&(amp|lt|gt|#x27|#39);/g;
const CHARACTER: Record<string, string> = { amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" };

/**
 * Beasties reads attributes without decoding their entities, so a class such as `[&_svg]:size-4`,
 * which React writes `[&amp;_svg]:size-4`, would not match its rule: the classes it is given are
 * decoded (only they: the output's markup is not used).
 */
function withPlainClasses(html: string): string {
  return html.replace(
    CLASS_ATTRIBUTE,
    (_, classes: string) =>
      `class="${classes.replace(ENTITY, (_entity, name: string) => CHARACTER[name] ?? "")}"`,
  );
}

/** A digest of everything in `html` a selector can match but the elements' nesting. */
function selectable(html: string, attributes: Set<string>): string {
  const seen = new Set<string>();
  for (const [, tag = "", rest = ""] of html.replace(NOT_MARKUP, "").matchAll(START_TAG)) {
    seen.add(`<${tag.toLowerCase()}`);
    for (const [, name = "", double, single, bare] of rest.matchAll(ATTRIBUTE)) {
      const value = double ?? single ?? bare ?? "";
      if (name === "class") for (const token of value.split(/\s+/)) seen.add(`.${token}`);
      else if (attributes.has(name)) seen.add(`[${name}=${value}]`);
    }
  }
  return createHash("sha256")
    .update([...seen].sort().join("\n"))
    .digest("base64url");
}

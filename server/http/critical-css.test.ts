// The critical CSS of cached pages: what their elements use, inlined; the whole file linked last.
import Beasties from "beasties";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCriticalCss } from "./critical-css";

const HREF = "/assets/app-test.css";
const FONT_FACE =
  "@font-face{font-family:Inter Variable;font-display:swap;src:url(/assets/inter-latin.woff2)format(woff2);unicode-range:U+0-FF}";
const CSS = [
  FONT_FACE,
  "@keyframes pulse{50%{opacity:.5}}",
  ":root{--font-sans:Inter Variable,sans-serif}",
  "::placeholder{color:gray}",
  "body{font-family:var(--font-sans)}",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".hidden{display:none}",
  ":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
  ".\\[\\&_svg\\]\\:size-4 svg{width:1rem;height:1rem}",
  ".hover\\:underline:hover{text-decoration:underline}",
  "@media (min-width:40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}.sm\\:block{display:block}}",
  "[aria-current=page]{font-weight:600}",
].join("");

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title><style id="stylesheet" data-href="${HREF}">${CSS}</style></head><body>${body}<script>window.$RC=1</script></body></html>`;
const inlined = (html: string) =>
  /<style id="stylesheet" data-href="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

const log = pino({ level: "silent" });

afterEach(() => vi.restoreAllMocks());

describe("createCriticalCss", () => {
  it("keeps the rules the page's elements use, the fonts and keyframes, and links the whole file last", async () => {
    const criticalCss = createCriticalCss(log);
    const html = page(
      '<div class="flex space-y-4 sm:grid-cols-2"><p>a</p><p>b</p></div><a class="[&amp;_svg]:size-4 hover:underline" aria-current="page" href="/">x<svg></svg></a><input placeholder="Search">',
    );
    const reduced = await criticalCss(html);
    const css = inlined(reduced);
    for (const kept of [
      FONT_FACE,
      "@keyframes pulse",
      ":root{",
      "::placeholder{",
      "body{",
      ".flex{",
      ":where(.space-y-4>:not(:last-child))",
      // React writes the class `[&_svg]:size-4` as `[&amp;_svg]:size-4`
      ".\\[\\&_svg\\]\\:size-4 svg{",
      ".hover\\:underline:hover{",
      ".sm\\:grid-cols-2{",
      "[aria-current=page]{",
    ])
      expect(css).toContain(kept);
    for (const dropped of [".grid{", ".hidden{", ".sm\\:block{"]) expect(css).not.toContain(dropped);
    // the rest of the page is as it was, and the file follows React's last script
    expect(reduced.replace(css, "")).toBe(
      html.replace(CSS, "").replace("</body>", `<link rel="stylesheet" href="${HREF}"/></body>`),
    );
  });

  it("matches each set of classes once: the pages of a template share their critical CSS", async () => {
    const criticalCss = createCriticalCss(log);
    const process = vi.spyOn(Beasties.prototype, "process");
    const first = await criticalCss(
      page('<main class="flex"><h1>One product</h1><img src="/a.webp" alt="a"></main>'),
    );
    const second = await criticalCss(
      page('<main class="flex"><h1>Another one</h1><img src="/b.webp" alt="b"></main>'),
    );
    expect(process).toHaveBeenCalledTimes(1);
    expect(inlined(second)).toBe(inlined(first));
    // another class, or another value of an attribute the stylesheet selects on, is matched anew
    const grid = await criticalCss(page('<main class="grid"><h1>Shop</h1></main>'));
    expect(inlined(grid)).toContain(".grid{");
    expect(inlined(grid)).not.toContain(".flex{");
    await criticalCss(page('<main class="flex"><a aria-current="page" href="/">One</a></main>'));
    expect(process).toHaveBeenCalledTimes(3);
  });

  it("keeps the whole stylesheet inlined when matching fails, and says so in the log", async () => {
    const lines: { msg: string }[] = [];
    const criticalCss = createCriticalCss(
      pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
    );
    vi.spyOn(Beasties.prototype, "process").mockRejectedValueOnce(new Error("unexpected input"));
    const html = page('<main class="flex">x</main>');
    expect(await criticalCss(html)).toBe(html);
    expect(lines.map((line) => line.msg)).toEqual([
      "critical CSS failed; the page keeps the whole stylesheet inlined",
    ]);
    // nothing was kept from the failure: the next page of the kind is matched
    expect(inlined(await criticalCss(html))).not.toContain(".grid{");
  });

  it("returns a page without an inlined stylesheet as it is", async () => {
    const criticalCss = createCriticalCss(log);
    const linked = `<!DOCTYPE html><html><head><link rel="stylesheet" href="${HREF}"></head><body><p class="flex">x</p></body></html>`;
    expect(await criticalCss(linked)).toBe(linked);
  });
});

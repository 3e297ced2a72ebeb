import { createContext, useContext } from "react";

/** The stylesheet's text when the server inlines it into this page, null when it links it. */
const StylesheetContext = createContext<string | null | undefined>(undefined);

/** Tells the server render (entry.server) whether to inline the stylesheet. */
export const StylesheetProvider = StylesheetContext.Provider;

const INLINE_ID = "stylesheet";

/** In the browser: the inlined text the server sent, or null if it sent a link. Read once. */
let sentInline: string | null | undefined;
function readSentInline() {
  sentInline ??= document.getElementById(INLINE_ID)?.textContent ?? null;
  return sentInline;
}

/**
 * The store's stylesheet in the head: inlined in a page the page cache keeps, linked everywhere
 * else. Inlined, the page cache cuts it down to the rules that page uses and links the whole file at
 * the end of the body (server/http/critical-css.ts, from `data-href`): compressed once, it costs
 * nothing per request, and a first visit paints without waiting for a second request (on a phone's
 * network that request was the page's longest wait). Linked, the file is compressed at build time
 * and cached by the browser; each response would compress it again. In the browser the component
 * renders what the server sent, so hydration finds it unchanged.
 */
export function Stylesheet({ href }: { href: string }) {
  const provided = useContext(StylesheetContext);
  const css = provided === undefined ? (typeof document === "undefined" ? null : readSentInline()) : provided;
  if (css === null) return <link rel="stylesheet" href={href} />;
  return (
    <style id={INLINE_ID} data-href={href}>
      {css}
    </style>
  );
}

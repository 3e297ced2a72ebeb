import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = Buffer.from("/>");

/**
 * The page's head without React Router's `<link rel="modulepreload">`s (its `<Scripts>` writes one
 * per first-load file, 14 to 20, and React hoists them into the head). The inline module script at
 * the end of the body imports the same files, so nothing is loaded less: only later, once the
 * document is parsed, instead of competing from the first bytes with the fonts and the largest
 * image for a slow connection (docs/PERFORMANCE.md, "Lighthouse": 100 instead of 92-93 on the
 * product page). Searched as bytes: the head is never turned into a string.
 */
export function withoutModulePreloads(html: Buffer): Buffer {
  let start = html.indexOf(MODULE_PRELOAD);
  if (start === -1) return html;
  const kept: Buffer[] = [];
  let from = 0;
  while (start !== -1) {
    const end = html.indexOf(TAG_END, start);
    if (end === -1) break;
    kept.push(html.subarray(from, start));
    from = end + TAG_END.length;
    start = html.indexOf(MODULE_PRELOAD, from);
  }
  kept.push(html.subarray(from));
  return Buffer.concat(kept);
}

/**
 * The stream a page is rendered into (app/entry.server.tsx). React writes a page in 4 KiB pieces
 * and calls `flush()` once it has written everything it has for now: the shell, then each part
 * that resolves later. A PassThrough sent every piece on by itself, and each one cost a turn
 * through the web stream React Router answers with, a call into the compressor and a write to the
 * socket (a 48 KB product page: a dozen of each). Here the pieces wait for React's flush and go on
 * as one chunk: the same bytes, leaving at the same moments, except the shell's module preloads
 * (`withoutModulePreloads`).
 */
export class RenderBursts extends Transform {
  #pieces: Buffer[] = [];
  #shellSent = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(chunk);
    callback();
  }

  /** Called by React after each batch of writes. */
  flush() {
    const pieces = this.#pieces;
    if (pieces.length === 0) return;
    this.#pieces = [];
    const burst = pieces.length === 1 && pieces[0] ? pieces[0] : Buffer.concat(pieces);
    if (this.#shellSent) {
      this.push(burst);
      return;
    }
    // the first burst holds the document's head
    this.#shellSent = true;
    this.push(withoutModulePreloads(burst));
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

import { Transform, type TransformCallback } from "node:stream";

/**
 * The stream a page is rendered into (app/entry.server.tsx). React writes a page in 4 KiB pieces
 * and calls `flush()` once it has written everything it has for now: the shell, then each part
 * that resolves later. A PassThrough sent every piece on by itself, and each one cost a turn
 * through the web stream React Router answers with, a call into the compressor and a write to the
 * socket (a 48 KB product page: a dozen of each). Here the pieces wait for React's flush and go on
 * as one chunk: the same bytes, leaving at the same moments.
 */
export class RenderBursts extends Transform {
  #pieces: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(chunk);
    callback();
  }

  /** Called by React after each batch of writes. */
  flush() {
    if (this.#pieces.length === 0) return;
    const burst = this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.push(burst);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

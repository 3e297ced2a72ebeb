import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RenderBursts } from "./render-bursts";

/** Every chunk the stream hands on, as text, in order. */
function collect(stream: RenderBursts): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("RenderBursts", () => {
  it("holds what is written until flush, then hands it on as one chunk", () => {
    const stream = new RenderBursts();
    const chunks = collect(stream);
    stream.write("<p>");
    stream.write("one");
    expect(chunks).toEqual([]);
    stream.flush();
    stream.write("</p>");
    stream.flush();
    expect(chunks).toEqual(["<p>one", "</p>"]);
  });

  it("hands on what is left at the end", async () => {
    const stream = new RenderBursts();
    const chunks = collect(stream);
    stream.write("a");
    stream.flush();
    stream.write("b");
    stream.write("c");
    await new Promise((resolve) => stream.end(resolve));
    expect(chunks).toEqual(["a", "bc"]);
  });

  it("gives a streamed React page its shell at once and each later part when it resolves", async () => {
    let resolveLater: (text: string) => void = () => {};
    const later = new Promise<string>((resolve) => {
      resolveLater = resolve;
    });
    const Later = () => createElement("p", null, use(later));
    const page = createElement(
      "main",
      null,
      // a shell larger than React's 4 KiB write size: several writes, one chunk
      createElement("p", null, "x".repeat(10_000)),
      createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Later)),
    );
    const stream = new RenderBursts();
    const chunks = collect(stream);
    await new Promise<void>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        onShellReady() {
          pipe(stream);
          resolve();
        },
        onShellError: reject,
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain("x".repeat(10_000));
    expect(chunks[0]).toContain("loading");

    const ended = new Promise((resolve) => stream.on("end", resolve));
    resolveLater("arrived");
    await ended;
    expect(chunks).toHaveLength(2);
    expect(chunks[1]).toContain("arrived");
  });
});

import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RenderBursts, withoutModulePreloads } from "./render-bursts";

/** Every chunk the stream hands on, as text, in order. */
function collect(stream: RenderBursts): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

const HEAD =
  '<head><meta charSet="utf-8"/><link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a1.js"/><title>Nocturn – “Night”</title>' +
  '<link rel="modulepreload" href="/assets/framework-b2.js"/><link rel="modulepreload" href="/assets/root-c3.js"/></head>';

describe("withoutModulePreloads", () => {
  it("leaves out every module preload and keeps the rest byte for byte", () => {
    expect(withoutModulePreloads(Buffer.from(HEAD)).toString()).toBe(
      '<head><meta charSet="utf-8"/><link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/>' +
        "<title>Nocturn – “Night”</title></head>",
    );
  });

  it("returns a page without module preloads as it is", () => {
    const html = Buffer.from('<head><link rel="preload" as="font" href="/f.woff2"/></head>');
    expect(withoutModulePreloads(html)).toBe(html);
  });
});

describe("RenderBursts", () => {
  it("leaves the module preloads out of the shell only", () => {
    const stream = new RenderBursts();
    const chunks = collect(stream);
    stream.write(HEAD.slice(0, 150));
    stream.write(HEAD.slice(150));
    stream.flush();
    // a later part is handed on as React wrote it
    stream.write('<p>quoted: <link rel="modulepreload" href="/x.js"/></p>');
    stream.flush();
    expect(chunks[0]).not.toContain("modulepreload");
    expect(chunks[0]).toContain("<title>");
    expect(chunks[1]).toContain('<link rel="modulepreload" href="/x.js"/>');
  });

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

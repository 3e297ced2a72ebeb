// patches/lucide-react+1.75.0.patch: the CommonJS build, the one the server loads, hands back the
// <svg> element it built the first time for an icon drawn again with the same plain props. Each
// variant must still render as itself, and what cannot be kept (a ref, children, a handler) as usual.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

const lucide = createRequire(import.meta.url)("lucide-react") as typeof import("lucide-react");
const { ShoppingBagIcon, UserRoundIcon } = lucide;

describe("lucide-react's icons as the server renders them", () => {
  it("loads the patched build", () => {
    const file = createRequire(import.meta.url).resolve("lucide-react");
    expect(file).toMatch(/dist\/cjs\/lucide-react\.js$/);
    expect(readFileSync(file, "utf8")).toContain("Nocturn's patch (patches/lucide-react+1.75.0.patch)");
  });

  it("draws an icon again with the same markup, and each variant of its props as itself", () => {
    const first = renderToStaticMarkup(<ShoppingBagIcon className="size-5" aria-hidden />);
    expect(renderToStaticMarkup(<ShoppingBagIcon className="size-5" aria-hidden />)).toBe(first);
    expect(first).toContain('class="lucide lucide-shopping-bag size-5"');

    const larger = renderToStaticMarkup(<ShoppingBagIcon className="size-8" size={32} strokeWidth={1.5} />);
    expect(larger).toContain('class="lucide lucide-shopping-bag size-8"');
    expect(larger).toContain('width="32"');
    expect(larger).toContain('stroke-width="1.5"');
    // another icon with the same props is its own drawing
    expect(renderToStaticMarkup(<UserRoundIcon className="size-5" aria-hidden />)).toContain(
      "lucide-user-round",
    );
    // and the first variant is unchanged by the others
    expect(renderToStaticMarkup(<ShoppingBagIcon className="size-5" aria-hidden />)).toBe(first);
  });

  it("labels each drawing with its own label, beyond the variants it keeps", () => {
    for (let index = 0; index < 40; index++) {
      const markup = renderToStaticMarkup(<ShoppingBagIcon aria-label={`Bag ${index}`} />);
      expect(markup).toContain(`aria-label="Bag ${index}"`);
      expect(markup).not.toContain("aria-hidden");
    }
  });

  it("renders children, refs, styles and handlers as usual", () => {
    const titled = renderToStaticMarkup(
      <ShoppingBagIcon>
        <title>Your bag</title>
      </ShoppingBagIcon>,
    );
    expect(titled).toContain("<title>Your bag</title>");
    expect(renderToStaticMarkup(<ShoppingBagIcon />)).not.toContain("<title>");

    expect(renderToStaticMarkup(<ShoppingBagIcon ref={createRef()} className="size-3" />)).toContain(
      "size-3",
    );
    expect(renderToStaticMarkup(<ShoppingBagIcon style={{ color: "red" }} />)).toContain('style="color:red"');
    expect(renderToStaticMarkup(<ShoppingBagIcon style={{ color: "blue" }} />)).toContain(
      'style="color:blue"',
    );
    expect(renderToStaticMarkup(<ShoppingBagIcon onClick={() => undefined} />)).toContain(
      "lucide-shopping-bag",
    );
  });
});

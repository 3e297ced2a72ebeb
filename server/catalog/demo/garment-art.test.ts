import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "./demo-products";
import {
  COLOURWAYS,
  type ColourwayName,
  GARMENT_KINDS,
  GARMENT_VIEWS,
  type GarmentKind,
  type GarmentShot,
  renderGarmentSvg,
} from "./garment-art";
import {
  GARMENT_DETAILS,
  GARMENT_FITS,
  GARMENT_PATTERNS,
  GARMENT_PRINTS,
  type GarmentStyle,
} from "./garment-design";

// 1/6 of full size: enough pixels to judge a picture, fast enough to render every kind and view
const TEST_DENSITY = 12;

const svgBuffer = (shot: GarmentShot) => Buffer.from(renderGarmentSvg(shot));

async function pixels(shot: GarmentShot): Promise<Buffer> {
  return sharp(svgBuffer(shot), { density: TEST_DENSITY }).removeAlpha().raw().toBuffer();
}

async function rgbStats(shot: GarmentShot): Promise<{ mean: number; stdev: number }> {
  const { channels } = await sharp(svgBuffer(shot), { density: TEST_DENSITY }).removeAlpha().stats();
  const average = (pick: (channel: (typeof channels)[number]) => number) =>
    channels.reduce((sum, channel) => sum + pick(channel), 0) / channels.length;
  return { mean: average((channel) => channel.mean), stdev: average((channel) => channel.stdev) };
}

/** Mean absolute difference per channel (0-255): also sees fine and faint changes a coarse render blurs. */
function meanDifference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs((a[i] as number) - (b[i] as number));
  return total / a.length;
}

/** Share of pixels that changed noticeably: the backdrop is shared, so judge by what differs. */
function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 3) {
    const delta = Math.max(
      Math.abs((a[i] as number) - (b[i] as number)),
      Math.abs((a[i + 1] as number) - (b[i + 1] as number)),
      Math.abs((a[i + 2] as number) - (b[i + 2] as number)),
    );
    if (delta > 16) changed++;
  }
  return changed / (a.length / 3);
}

const colourwayNames = Object.keys(COLOURWAYS) as ColourwayName[];

describe("garment art", () => {
  it.each(
    GARMENT_KINDS.map((kind, i) => [kind, colourwayNames[i % colourwayNames.length] as ColourwayName]),
  )("renders a %s in %s as a real picture, not a flat fill", async (kind, colourway) => {
    const { stdev } = await rgbStats({ kind, colourway, view: "front" });
    expect(stdev).toBeGreaterThan(12);
  });

  it.each(GARMENT_KINDS)("gives a %s a visibly different colour per colourway", async (kind) => {
    const onyx = await rgbStats({ kind, colourway: "onyx", view: "front" });
    const bone = await rgbStats({ kind, colourway: "bone", view: "front" });
    expect(bone.mean - onyx.mean).toBeGreaterThan(8);
  });

  it.each(GARMENT_KINDS)("frames a %s differently in the close-up and the flat-lay", async (kind) => {
    const [front, detail, flat] = await Promise.all(
      (["front", "detail", "flat"] as const).map((view) => pixels({ kind, colourway: "rust", view })),
    );
    expect(changedShare(front as Buffer, detail as Buffer)).toBeGreaterThan(0.2);
    expect(changedShare(front as Buffer, flat as Buffer)).toBeGreaterThan(0.03);
    expect(changedShare(detail as Buffer, flat as Buffer)).toBeGreaterThan(0.2);
  });

  // The digest of all 324 pictures (every kind, colourway and view, with no style) as drawn when the
  // art moved from code to the SVG templates in ./art; the styles of garment-design.ts add to the
  // drawings without changing them. A deliberate change to the art updates it.
  it("draws every picture byte for byte as before", () => {
    const digest = createHash("sha256");
    for (const kind of GARMENT_KINDS) {
      for (const colourway of colourwayNames) {
        for (const view of GARMENT_VIEWS) digest.update(renderGarmentSvg({ kind, colourway, view }));
      }
    }
    expect(digest.digest("hex")).toBe("8e3d907f28fd2833a9666e75f2c12b46f5acb8f593ba29cab844a6ecad702164");
  });

  it("is deterministic and draws its wordmark without depending on fonts", () => {
    for (const kind of GARMENT_KINDS) {
      for (const view of GARMENT_VIEWS) {
        const svg = renderGarmentSvg({ kind, colourway: "olive", view });
        expect(renderGarmentSvg({ kind, colourway: "olive", view })).toBe(svg);
        expect(svg).not.toMatch(/<text|NaN|undefined|\{\{|<crease|<ridge|<part|<pattern-layer/);
      }
    }
  });
});

describe("garment styles", () => {
  const base: GarmentShot = { kind: "tshirt", colourway: "slate", view: "front" };
  // each value on a garment that takes it, in the view that shows it
  const styles: [string, GarmentShot][] = [
    // leaving the house print off shows most on the back, where it is large
    ["print plain (back)", { ...base, view: "back", print: "plain" }],
    ...GARMENT_PRINTS.filter((print) => print !== "signature" && print !== "plain").map(
      (print): [string, GarmentShot] => [`print ${print}`, { ...base, print }],
    ),
    ["print emblem (back)", { ...base, view: "back", print: "emblem" }],
    ...GARMENT_PATTERNS.map((pattern): [string, GarmentShot] => [`pattern ${pattern}`, { ...base, pattern }]),
    ...GARMENT_FITS.filter((fit) => fit !== "regular").map((fit): [string, GarmentShot] => [
      `fit ${fit}`,
      { ...base, fit },
    ]),
    ...GARMENT_DETAILS.map((detail): [string, GarmentShot] => {
      const kind: GarmentKind = detail === "zip" ? "hoodie" : detail === "knee-panels" ? "pants" : "tshirt";
      return [`detail ${detail}`, { ...base, kind, details: [detail] }];
    }),
    ["without the cargo pockets", { ...base, kind: "pants", omit: ["cargo"] }],
    ["without the sleeve pocket", { ...base, kind: "jacket", omit: ["sleeve-pocket"] }],
    ["without the cap's wordmark", { ...base, kind: "cap", omit: ["wordmark"] }],
  ];

  it.each(styles)("%s changes the picture", async (_, shot) => {
    const { print: _print, pattern: _pattern, details: _details, fit: _fit, omit: _omit, ...plain } = shot;
    const unstyled: GarmentShot = { ...plain, ...(shot.print ? { print: "signature" } : {}) };
    expect(renderGarmentSvg(shot)).not.toBe(renderGarmentSvg(unstyled));
    // at twice the usual resolution: a crescent left off is a small change, but a visible one
    const sharper = (picture: GarmentShot) =>
      sharp(svgBuffer(picture), { density: 2 * TEST_DENSITY })
        .removeAlpha()
        .raw()
        .toBuffer();
    expect(meanDifference(await sharper(shot), await sharper(unstyled))).toBeGreaterThan(0.02);
  });

  it("renders every style as valid, self-contained SVG", async () => {
    const style: GarmentStyle = { print: "moon-phases", pattern: "speckle", details: ["patch"], fit: "boxy" };
    const svg = renderGarmentSvg({ kind: "tshirt", colourway: "rust", view: "front", ...style });
    expect(svg).not.toMatch(/<text|NaN|undefined|\{\{|<part|<pattern-layer/);
    const { stdev } = await rgbStats({ kind: "tshirt", colourway: "rust", view: "front", ...style });
    expect(stdev).toBeGreaterThan(12);
  });

  it("refuses a cloth pattern on a garment drawn without a place for one", () => {
    expect(() =>
      renderGarmentSvg({ kind: "cap", colourway: "onyx", view: "front", pattern: "stripes" }),
    ).toThrow(/takes no pattern/);
  });
});

// The word a shopper would search for, per garment; see the note in demo-products.ts.
const SEARCH_WORDS: Record<GarmentKind, string> = {
  tshirt: "tee",
  hoodie: "hoodie",
  jacket: "jacket",
  pants: "pants",
  cap: "cap",
  beanie: "beanie",
  tote: "tote",
  socks: "socks",
  crossbody: "crossbody",
};

describe("demo catalog data", () => {
  it("is a full store: enough products, in every category", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(DEMO_PRODUCTS.map((demo) => demo.category)).size).toBeGreaterThanOrEqual(5);
    for (const category of DEMO_CATEGORIES) {
      expect(DEMO_PRODUCTS.filter((demo) => demo.category === category).length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(DEMO_PRODUCTS.map((demo) => demo.name)).size).toBe(DEMO_PRODUCTS.length);
  });

  it("exercises the storefront's states: featured, low stock, sold out, no description, final sale", () => {
    expect(DEMO_PRODUCTS.filter((demo) => demo.featured).length).toBeGreaterThanOrEqual(4);
    expect(DEMO_PRODUCTS.filter((demo) => demo.stock > 0 && demo.stock < 5).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_PRODUCTS.filter((demo) => demo.stock === 0)).toHaveLength(1);
    expect(DEMO_PRODUCTS.some((demo) => demo.description === null)).toBe(true);
    // a return request shows a final-sale line it cannot choose
    expect(DEMO_PRODUCTS.filter((demo) => demo.finalSale).map((demo) => demo.name)).toEqual([
      "Midnight Stripe Crew Socks",
    ]);
  });

  it.each(DEMO_PRODUCTS.map((demo) => [demo.name, demo] as const))("%s is a valid product", (_, demo) => {
    expect(Number.isInteger(demo.priceCents) && demo.priceCents > 0).toBe(true);
    expect(Number.isInteger(demo.stock) && demo.stock >= 0).toBe(true);
  });

  // a gallery the arrows and thumbnails have something to do with, within the 5-image limit
  it.each(
    DEMO_PRODUCTS.map((demo) => [demo.name, demo] as const),
  )("%s has a gallery of 2 to 4 views, front first, each view once", (_, demo) => {
    expect(demo.images.length).toBeGreaterThanOrEqual(2);
    expect(demo.images.length).toBeLessThanOrEqual(4);
    expect(demo.images[0]?.view).toBe("front");
    expect(new Set(demo.images.map((shot) => shot.view)).size).toBe(demo.images.length);
  });

  // The rust Ember tee once ended its gallery on the black (onyx) tee's back: a picture of another
  // product. Every image of a product shows its own garment, colourway and style.
  it.each(
    DEMO_PRODUCTS.map((demo) => [demo.name, demo] as const),
  )("%s shows one design in every image", (_, demo) => {
    const designs = demo.images.map(({ view: _view, ...design }) => JSON.stringify(design));
    expect(new Set(designs).size).toBe(1);
  });

  it("gives every product a picture of its own", () => {
    const covers = DEMO_PRODUCTS.map((demo) => renderGarmentSvg(demo.images[0] as GarmentShot));
    expect(new Set(covers).size).toBe(DEMO_PRODUCTS.length);
  });

  // Colour alone would make a shop of recoloured copies: in one colourway, the products of a
  // category that share a garment still differ by print, cloth, details or cut.
  it.each(DEMO_CATEGORIES)("tells the %s apart even in one colourway", async (category) => {
    const fronts = DEMO_PRODUCTS.filter((demo) => demo.category === category).map((demo) => ({
      name: demo.name,
      shot: { ...(demo.images[0] as GarmentShot), colourway: "onyx" as const },
    }));
    const svgs = fronts.map(({ shot }) => renderGarmentSvg(shot));
    expect(new Set(svgs).size).toBe(fronts.length);
    const images = await Promise.all(fronts.map(({ shot }) => pixels(shot)));
    for (let a = 0; a < fronts.length; a++) {
      for (let b = a + 1; b < fronts.length; b++) {
        if (fronts[a]?.shot.kind !== fronts[b]?.shot.kind) continue;
        expect(
          meanDifference(images[a] as Buffer, images[b] as Buffer),
          `${fronts[a]?.name} and ${fronts[b]?.name}`,
        ).toBeGreaterThan(0.1);
      }
    }
  });

  it.each(
    DEMO_PRODUCTS.filter((demo) => demo.images.length > 1).map((demo) => [demo.name, demo] as const),
  )("%s shows a visibly different picture in each image", async (_, demo) => {
    const images = await Promise.all(demo.images.map(pixels));
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        // a back print or a different set of pockets is enough; a mere lighting change is not
        expect(
          changedShare(images[a] as Buffer, images[b] as Buffer),
          `images ${a} and ${b}`,
        ).toBeGreaterThan(0.008);
      }
    }
  });

  it.each(
    DEMO_PRODUCTS.map((demo) => [demo.name, demo] as const),
  )("%s is found by searching for its garment, and only its garment", (_, demo) => {
    const text = `${demo.name} ${demo.description ?? ""}`.toLowerCase();
    const kind = demo.images[0]?.kind as GarmentKind;
    for (const [otherKind, word] of Object.entries(SEARCH_WORDS)) {
      expect(text.includes(word), `"${word}" in ${demo.name}`).toBe(otherKind === kind);
    }
  });
});

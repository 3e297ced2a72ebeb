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

  // The digest of all 324 pictures (every kind, colourway and view) as drawn when the art moved
  // from code to the SVG templates in ./art. A deliberate change to the art updates it.
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
        expect(svg).not.toMatch(/<text|NaN|undefined|\{\{|<crease|<ridge/);
      }
    }
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

  it("exercises the storefront's states: featured, low stock, sold out, no description", () => {
    expect(DEMO_PRODUCTS.filter((demo) => demo.featured).length).toBeGreaterThanOrEqual(4);
    expect(DEMO_PRODUCTS.filter((demo) => demo.stock > 0 && demo.stock < 5).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_PRODUCTS.filter((demo) => demo.stock === 0)).toHaveLength(1);
    expect(DEMO_PRODUCTS.some((demo) => demo.description === null)).toBe(true);
  });

  it.each(DEMO_PRODUCTS.map((demo) => [demo.name, demo] as const))("%s is a valid product", (_, demo) => {
    expect(Number.isInteger(demo.priceCents) && demo.priceCents > 0).toBe(true);
    expect(Number.isInteger(demo.stock) && demo.stock >= 0).toBe(true);
    expect(demo.images.length).toBeGreaterThanOrEqual(1);
    expect(demo.images.length).toBeLessThanOrEqual(5);
    // one product, one garment: alternate shots may change colourway but not kind
    expect(new Set(demo.images.map((shot) => shot.kind)).size).toBe(1);
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

import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HERO_FORMATS, HERO_WIDTHS, type HeroFormat, renderHeroSvg } from "./hero-art";

const formats = Object.keys(HERO_FORMATS) as HeroFormat[];
const assets = path.join(import.meta.dirname, "../../../app/assets/hero");

describe("home hero picture", () => {
  it.each(formats)("renders the %s crop as a real picture from the demo products", async (format) => {
    const svg = renderHeroSvg(format);
    expect(renderHeroSvg(format)).toBe(svg);
    // each garment's gradients are its own: no two nested pictures define the same id
    const ids = [...svg.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(svg).not.toMatch(/NaN|undefined|\{\{|<part|<pattern-layer/);
    const { channels } = await sharp(Buffer.from(svg), { density: 12 }).removeAlpha().stats();
    expect(channels.reduce((sum, channel) => sum + channel.stdev, 0) / channels.length).toBeGreaterThan(10);
  });

  // the page imports these files by name and states their size for layout (app/routes/shop/hero-images.ts)
  it.each(formats)("has its %s WebP files, committed at every width the page asks for", async (format) => {
    const { width, height } = HERO_FORMATS[format];
    for (const target of HERO_WIDTHS[format]) {
      const file = await readFile(path.join(assets, `hero-${format}-${target}.webp`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(target);
      expect(meta.height).toBe(Math.round((target * height) / width));
    }
  });
});

// Renders the home page's hero picture (server/catalog/demo/hero-art.ts) to WebP at the widths
// the page asks for. The files are committed under app/assets/hero/; run this after a change to
// the hero or to the art it shows:  npx tsx scripts/build-hero.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { HERO_FORMATS, HERO_WIDTHS, type HeroFormat, renderHeroSvg } from "../server/catalog/demo/hero-art";

const folder = path.join(import.meta.dirname, "../app/assets/hero");

await mkdir(folder, { recursive: true });
for (const format of Object.keys(HERO_FORMATS) as HeroFormat[]) {
  const { width, height } = HERO_FORMATS[format];
  const picture = await sharp(Buffer.from(renderHeroSvg(format)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const target of HERO_WIDTHS[format]) {
    const body = await sharp(picture.data, { raw: picture.info })
      .resize({ width: target, height: Math.round((target * height) / width) })
      .webp({ quality: 74 })
      .toBuffer();
    const file = path.join(folder, `hero-${format}-${target}.webp`);
    await writeFile(file, body);
    console.log(`${path.relative(process.cwd(), file)}  ${Math.round(body.length / 1024)} KiB`);
  }
}

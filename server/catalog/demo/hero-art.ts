// The home page's hero: an editorial picture of the current drop, composed from the demo
// products' own designs (the same drawings as their product shots) on a night-studio backdrop.
// scripts/build-hero.ts renders it to WebP under app/assets/hero/, where the build fingerprints it.

import { DEMO_PRODUCTS } from "./demo-products";
import { type GarmentShot, renderGarmentSvg } from "./garment-art";

/** wide: from md up, text on the left and the drop on the right; tall: phones, the drop above the text. */
export const HERO_FORMATS = {
  wide: { width: 1920, height: 1080 },
  tall: { width: 960, height: 1280 },
} as const;
export type HeroFormat = keyof typeof HERO_FORMATS;

/** The widths written for each format; app/routes/shop/home.tsx imports exactly these files. */
export const HERO_WIDTHS: Record<HeroFormat, readonly number[]> = {
  wide: [960, 1440, 1920],
  tall: [480, 720, 960],
};

/** The pieces of the drop, back to front, and where each stands: x, y of its top left, scale. */
const LINEUPS: Record<HeroFormat, { product: string; x: number; y: number; scale: number }[]> = {
  wide: [
    { product: "Phantom Cargo Pants", x: 1290, y: 40, scale: 0.66 },
    { product: "Oxblood Varsity Bomber", x: 730, y: 110, scale: 0.64 },
    { product: "Ember Graphic Tee", x: 1330, y: 240, scale: 0.52 },
    { product: "Eclipse Heavyweight Hoodie", x: 1000, y: 160, scale: 0.62 },
    { product: "Crescent Six-Panel Cap", x: 1480, y: 700, scale: 0.3 },
  ],
  tall: [
    { product: "Phantom Cargo Pants", x: 560, y: -10, scale: 0.5 },
    { product: "Oxblood Varsity Bomber", x: -40, y: 60, scale: 0.52 },
    { product: "Ember Graphic Tee", x: 500, y: 120, scale: 0.42 },
    { product: "Eclipse Heavyweight Hoodie", x: 200, y: 40, scale: 0.52 },
    { product: "Crescent Six-Panel Cap", x: 610, y: 520, scale: 0.26 },
  ],
};

const GARMENT_CANVAS = { width: 1200, height: 1500 };

export function renderHeroSvg(format: HeroFormat): string {
  const { width, height } = HERO_FORMATS[format];
  const wide = format === "wide";
  // the light falls on the drop: right of centre on the wide picture, on its upper half on the tall one
  const [lightX, lightY] = wide ? [width * 0.66, height * 0.42] : [width * 0.5, height * 0.3];
  const moon = wide ? { x: 1190, y: 150, r: 84 } : { x: 150, y: 120, r: 64 };
  const garments = LINEUPS[format].map(({ product, x, y, scale }, index) => {
    const svg = namespaceIds(renderGarmentSvg(frontOf(product), { bare: true }), `hero${index}`);
    const w = GARMENT_CANVAS.width * scale;
    const h = GARMENT_CANVAS.height * scale;
    // the nested document keeps its own viewBox; placed and scaled by the outer x/y/width/height
    return svg.replace(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/,
      `<svg x="${x}" y="${y}" width="${w.toFixed(0)}" height="${h.toFixed(0)}"`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    "<defs>",
    `<radialGradient id="hero-light" cx="${lightX}" cy="${lightY}" r="${Math.max(width, height) * 0.62}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#2c2a30"/><stop offset=".45" stop-color="#151419"/><stop offset="1" stop-color="#09090b"/></radialGradient>`,
    `<radialGradient id="hero-glow" cx="${moon.x}" cy="${moon.y}" r="${moon.r * 3.2}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#d9b26f" stop-opacity=".22"/><stop offset="1" stop-color="#d9b26f" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="hero-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>`,
    // the text side (left on wide, bottom on tall) darkens so the headline reads over the picture
    wide
      ? `<linearGradient id="hero-text-side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#09090b" stop-opacity=".96"/><stop offset=".34" stop-color="#09090b" stop-opacity=".7"/><stop offset=".52" stop-color="#09090b" stop-opacity="0"/></linearGradient>`
      : `<linearGradient id="hero-text-side" x1="0" y1="0" x2="0" y2="1"><stop offset=".42" stop-color="#09090b" stop-opacity="0"/><stop offset=".62" stop-color="#09090b" stop-opacity=".85"/><stop offset="1" stop-color="#09090b" stop-opacity="1"/></linearGradient>`,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#hero-light)"/>`,
    `<circle cx="${moon.x}" cy="${moon.y}" r="${moon.r * 3.2}" fill="url(#hero-glow)"/>`,
    // a crescent moon over the city: the brand's mark as the scene's light source
    `<path d="M${moon.x},${moon.y - moon.r} A${moon.r} ${moon.r} 0 1 0 ${moon.x},${moon.y + moon.r} A${moon.r * 1.25} ${moon.r * 1.25} 0 1 1 ${moon.x},${moon.y - moon.r} Z" fill="#e8dcc4" fill-opacity=".9" transform="rotate(-28 ${moon.x} ${moon.y})"/>`,
    skyline(width, height, wide),
    `<rect y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="url(#hero-floor)"/>`,
    ...garments,
    `<rect width="${width}" height="${height}" fill="url(#hero-text-side)"/>`,
    "</svg>",
  ].join("");
}

/** The first (front) shot of a demo product: its design as the shop shows it. */
function frontOf(name: string): GarmentShot {
  const shot = DEMO_PRODUCTS.find((demo) => demo.name === name)?.images[0];
  if (!shot) throw new Error(`The hero names a product the demo catalog does not have: ${name}`);
  return shot;
}

/** Each garment brings its own gradients under the same ids; prefixed, they cannot capture each other's. */
function namespaceIds(svg: string, prefix: string): string {
  return svg.replace(/id="([^"]+)"/g, `id="${prefix}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`);
}

/** A low city skyline along the horizon, a shade lighter than the night, with a few lit windows. */
function skyline(width: number, height: number, wide: boolean): string {
  const base = height * (wide ? 0.74 : 0.62);
  const blocks: string[] = [];
  const windows: string[] = [];
  let x = 0;
  let step = 0;
  while (x < width) {
    // deterministic widths and heights, so the picture is the same on every run
    const w = 70 + ((step * 37) % 90);
    const h = 60 + ((step * 53) % 170);
    blocks.push(`M${x},${base} V${base - h} H${x + w} V${base}`);
    if (step % 2 === 0) windows.push(`<rect x="${x + 18}" y="${base - h + 24}" width="8" height="12"/>`);
    if (step % 3 === 0) windows.push(`<rect x="${x + w - 30}" y="${base - h + 52}" width="8" height="12"/>`);
    x += w;
    step++;
  }
  return `<path d="${blocks.join(" ")} Z" fill="#16151b"/><g fill="#d9b26f" fill-opacity=".35">${windows.join("")}</g><rect y="${base}" width="${width}" height="${height - base}" fill="#0d0d10"/>`;
}

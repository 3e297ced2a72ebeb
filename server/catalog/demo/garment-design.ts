// What makes one demo product's pictures its own: beyond the garment and its colourway, a print,
// a treatment of the cloth, constructed details and a cut. All drawn here in code over the
// drawings of ./art, in the garment's own coordinates (1200 x 1500, centred on x=600), and all
// chosen in demo-products.ts, so two products of one category never share a picture.

import type { GarmentKind } from "./garment-art";

/** "signature": the house crescent and wordmark as drawn in ./art; the others replace it. */
export const GARMENT_PRINTS = [
  "signature",
  "plain",
  "wordmark",
  "crescent",
  "moon-phases",
  "emblem",
] as const;
export type GarmentPrint = (typeof GARMENT_PRINTS)[number];

/** The cloth's surface, drawn under the folds and seams. */
export const GARMENT_PATTERNS = ["stripes", "ripstop", "fade", "speckle", "quilted", "block"] as const;
export type GarmentPattern = (typeof GARMENT_PATTERNS)[number];

export const GARMENT_DETAILS = [
  "chest-pocket",
  "zip",
  "patch",
  "sleeve-stripes",
  "knee-panels",
  "letter",
] as const;
export type GarmentDetail = (typeof GARMENT_DETAILS)[number];

export const GARMENT_FITS = ["regular", "oversized", "boxy", "cropped", "wide", "tapered"] as const;
export type GarmentFit = (typeof GARMENT_FITS)[number];

/** Parts of the drawings in ./art marked `<part name="...">` that a design may leave off. */
export const OPTIONAL_PARTS = ["cargo", "sleeve-pocket", "wordmark"] as const;
export type OptionalPart = (typeof OPTIONAL_PARTS)[number];

export interface GarmentStyle {
  print?: GarmentPrint;
  pattern?: GarmentPattern;
  details?: readonly GarmentDetail[];
  fit?: GarmentFit;
  omit?: readonly OptionalPart[];
}

type Side = "front" | "back";
type Point = readonly [number, number];

/** Where a print sits on each garment that takes one; `unit` scales the graphic. */
const PRINT_PLACES: Partial<
  Record<GarmentKind, { centre: Point; leftChest: Point; back: Point; unit: number }>
> = {
  tshirt: { centre: [600, 560], leftChest: [724, 506], back: [600, 600], unit: 1 },
  hoodie: { centre: [600, 720], leftChest: [770, 640], back: [600, 860], unit: 1 },
  // the zip runs down the middle: a jacket's front print goes on the chest beside it
  jacket: { centre: [722, 600], leftChest: [722, 600], back: [600, 620], unit: 0.9 },
  tote: { centre: [600, 860], leftChest: [600, 860], back: [600, 860], unit: 1.1 },
};

/** The cut: a scale about the middle of the frame, so the garment stays centred on its floor. */
const FIT_SCALE: Record<GarmentFit, readonly [number, number]> = {
  regular: [1, 1],
  oversized: [1.08, 1.03],
  boxy: [1.12, 0.9],
  cropped: [1.02, 0.88],
  wide: [1.14, 1],
  tapered: [0.9, 1],
};

export function fitTransform(fit: GarmentFit | undefined): string {
  const [x, y] = FIT_SCALE[fit ?? "regular"];
  return x === 1 && y === 1 ? "" : `translate(600 750) scale(${x} ${y}) translate(-600 -750)`;
}

/** Keeps or drops the drawing's optional parts; the house print is the part named "print". */
export function chooseParts(fragment: string, style: GarmentStyle): string {
  return fragment.replace(/<part name="([\w-]+)">(.*?)<\/part>/g, (_, name: string, content: string) => {
    const keep =
      name === "print"
        ? (style.print ?? "signature") === "signature"
        : !style.omit?.includes(name as OptionalPart);
    return keep ? content : "";
  });
}

// ---------------------------------------------------------------------------------------------
// The cloth

/**
 * The pattern layer, drawn where a drawing has `<pattern-layer/>`: over the plain cloth, under
 * its folds, seams and trims. `cloth` is the garment's outline for this side.
 */
export function patternLayer(pattern: GarmentPattern | undefined, cloth: string, seed: string): string {
  if (!pattern) return "";
  const clip = `<clipPath id="design-cloth">${cloth}</clipPath>`;
  const body = PATTERNS[pattern](seed);
  return `${clip}<g clip-path="url(#design-cloth)">${body}</g>`;
}

const PATTERNS: Record<GarmentPattern, (seed: string) => string> = {
  // Breton bands in the trim colour
  stripes: () =>
    `<pattern id="design-stripes" width="60" height="64" patternUnits="userSpaceOnUse"><rect y="20" width="60" height="22" fill="{{accent}}" fill-opacity=".78"/></pattern><rect width="1200" height="1500" fill="url(#design-stripes)"/>`,
  // the reinforcing grid of ripstop, in the thread colour
  ripstop: () =>
    `<pattern id="design-ripstop" width="22" height="22" patternUnits="userSpaceOnUse"><path d="M0,.75H22M.75,0V22" stroke="{{stitch}}" stroke-opacity=".4" stroke-width="1.5"/></pattern><rect width="1200" height="1500" fill="url(#design-ripstop)"/>`,
  // garment dye: sun-bleached at the shoulders, deeper at the hem
  fade: () =>
    `<linearGradient id="design-fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".34"/><stop offset=".5" stop-color="#fff" stop-opacity=".06"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient><rect width="1200" height="1500" fill="url(#design-fade)"/>`,
  // a brushed, heathered surface: flecks scattered by a seeded generator, the same every time
  speckle: (seed) => {
    const random = seededRandom(seed);
    const flecks = Array.from({ length: 1400 }, () => {
      const x = (200 + random() * 800).toFixed(0);
      const y = (150 + random() * 1300).toFixed(0);
      const colour = random() < 0.5 ? "{{light}}" : "{{deep}}";
      return `<circle cx="${x}" cy="${y}" r="${(1 + random() * 1.6).toFixed(1)}" fill="${colour}"/>`;
    });
    return `<g opacity=".45">${flecks.join("")}</g>`;
  },
  // diamond quilting of a padded satin
  quilted: () =>
    `<pattern id="design-quilt" width="84" height="84" patternUnits="userSpaceOnUse" patternTransform="rotate(45 600 750)"><path d="M0,1H84M1,0V84" stroke="{{deep}}" stroke-opacity=".55" stroke-width="3"/><path d="M0,4H84M4,0V84" stroke="{{light}}" stroke-opacity=".25" stroke-width="2"/></pattern><rect width="1200" height="1500" fill="url(#design-quilt)"/>`,
  // a tonal block across the lower body, joined by a seam
  block: () =>
    `<rect y="880" width="1200" height="620" fill="{{deep}}" fill-opacity=".6"/><path d="M0,880H1200" stroke="#000" stroke-opacity=".4" stroke-width="5"/><path d="M0,894H1200" stroke="{{stitch}}" stroke-opacity=".75" stroke-width="2.4" stroke-dasharray="8 6"/>`,
};

/** mulberry32, seeded from a string: the same flecks for the same product on every machine. */
function seededRandom(seed: string): () => number {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Prints and details, drawn over the finished garment

export function overlayLayer(kind: GarmentKind, side: Side, style: GarmentStyle): string {
  const details = (style.details ?? []).map((detail) => DETAILS[detail](kind, side)).join("");
  return `${details}${printFor(kind, side, style.print ?? "signature")}`;
}

function printFor(kind: GarmentKind, side: Side, print: GarmentPrint): string {
  const place = PRINT_PLACES[kind];
  if (!place || print === "signature" || print === "plain") return "";
  const { unit } = place;
  if (side === "back") {
    return print === "emblem" ? emblem(place.back, unit) : "";
  }
  switch (print) {
    case "wordmark":
      return kind === "jacket" ? wordmark(place.leftChest, 14 * unit) : wordmark(place.centre, 34 * unit);
    case "crescent":
      return crescent(place.leftChest, 20 * unit);
    case "emblem":
      // the back's emblem in small on the chest
      return emblem(place.leftChest, 0.32 * unit, false);
    case "moon-phases":
      return moonPhases(place.centre, 26 * unit);
  }
}

/** A shadow under a print, as the drawings in ./art have, so it reads as ink on cloth. */
function inked(svg: string): string {
  const shadow = svg.replace(/\{\{accent\}\}/g, "#000");
  return `<g transform="translate(2 2)" opacity=".45">${shadow}</g>${svg}`;
}

function crescent([x, y]: Point, radius: number, fill = "{{accent}}"): string {
  const r = radius;
  return inked(
    `<path d="M${x},${y - r} A${r} ${r} 0 1 0 ${x},${y + r} A${r * 1.25} ${r * 1.25} 0 1 1 ${x},${y - r} Z" fill="${fill}" transform="rotate(-28 ${x} ${y})"/>`,
  );
}

/** The wordmark in strokes (no fonts), as in ./art; `size` is the letter height, centred on the point. */
const WORDMARK_LETTERS = [
  ["M0 1V0L.74 1V0", 0],
  ["M.5 0A.5 .5 0 1 1 .5 1A.5 .5 0 1 1 .5 0Z", 1.06],
  ["M.854 .146A.5 .5 0 1 0 .854 .854", 2.38],
  ["M0 0H.74M.37 0V1", 3.5],
  ["M0 0V.63A.37 .37 0 0 0 .74 .63V0", 4.56],
  ["M0 1V0H.4A.26 .26 0 0 1 .4 .52H0M.36 .52L.72 1", 5.62],
  ["M0 1V0L.74 1V0", 6.66],
] as const;
const WORDMARK_WIDTH = 7.4;

function wordmark([x, y]: Point, size: number, colour = "{{accent}}"): string {
  const left = x - (WORDMARK_WIDTH * size) / 2;
  const letters = WORDMARK_LETTERS.map(
    ([d, offset]) => `<path d="${d}" transform="translate(${offset} 0)"/>`,
  );
  const mark = `<g transform="translate(${fmt(left)} ${fmt(y - size / 2)}) scale(${size})" fill="none" stroke="${colour}" stroke-width=".13" stroke-linejoin="bevel">${letters.join("")}</g>`;
  // woven into a label it casts no shadow; printed on cloth it does
  return colour === "{{accent}}" ? inked(mark) : mark;
}

/** Five phases of the moon in a row, waxing to full and waning again. */
function moonPhases([x, y]: Point, radius: number): string {
  const gap = radius * 2.7;
  const phases = [-0.6, -0.25, 0, 0.25, 0.6].map((phase, index) => {
    const cx = x + (index - 2) * gap;
    // the lit part: a full disc, less a shifted disc of the cloth's colour, kept inside the moon
    const disc = `<circle cx="${cx}" cy="${y}" r="${radius}"/>`;
    const lit = disc.replace("/>", ` fill="{{accent}}"/>`);
    const shade =
      phase === 0
        ? ""
        : `<clipPath id="design-phase-${index}">${disc}</clipPath><circle cx="${fmt(cx + phase * radius * 2.2)}" cy="${y}" r="${radius}" fill="{{fabric}}" clip-path="url(#design-phase-${index})"/>`;
    const ring = disc.replace("/>", ` fill="none" stroke="{{accent}}" stroke-width="2.5"/>`);
    return `${lit}${shade}${ring}`;
  });
  return `<g transform="translate(2 2)" opacity=".35"><path d="M${x - 2 * gap},${y}H${x + 2 * gap}" stroke="#000"/></g>${phases.join("")}`;
}

/** A back print: the crescent in a ring of stars over the wordmark. */
function emblem([x, y]: Point, unit: number, withWordmark = true): string {
  const ring = 150 * unit;
  const stars = Array.from({ length: 12 }, (_, index) => {
    const angle = (index / 12) * Math.PI * 2;
    const sx = x + Math.cos(angle) * ring;
    const sy = y + Math.sin(angle) * ring;
    return star([sx, sy], (index % 3 === 0 ? 10 : 6) * unit);
  });
  return [
    inked(
      `<circle cx="${x}" cy="${y}" r="${ring - 28 * unit}" fill="none" stroke="{{accent}}" stroke-width="${6 * unit}"/>`,
    ),
    crescent([x, y], 72 * unit),
    inked(`<g fill="{{accent}}">${stars.join("")}</g>`),
    withWordmark ? wordmark([x, y + ring + 60 * unit], 38 * unit) : "",
  ].join("");
}

function star([x, y]: Point, size: number): string {
  const s = size;
  const k = s * 0.28;
  return `<path d="M${fmt(x)},${fmt(y - s)} L${fmt(x + k)},${fmt(y - k)} L${fmt(x + s)},${fmt(y)} L${fmt(x + k)},${fmt(y + k)} L${fmt(x)},${fmt(y + s)} L${fmt(x - k)},${fmt(y + k)} L${fmt(x - s)},${fmt(y)} L${fmt(x - k)},${fmt(y - k)} Z"/>`;
}

const fmt = (value: number) => value.toFixed(1);

const STITCH = `fill="none" stroke="{{stitch}}" stroke-opacity=".75" stroke-width="2.4" stroke-dasharray="8 6"`;
const EDGE = `fill="none" stroke="#000" stroke-opacity=".4" stroke-width="4"`;

/** Each detail on the garments it suits; elsewhere it draws nothing. */
const DETAILS: Record<GarmentDetail, (kind: GarmentKind, side: Side) => string> = {
  "chest-pocket": (kind, side) => {
    if (side !== "front") return "";
    const box = kind === "tshirt" ? [672, 470, 110, 130] : kind === "jacket" ? [650, 560, 150, 150] : null;
    if (!box) return "";
    const [x, y, w, h] = box as [number, number, number, number];
    const flap =
      kind === "jacket"
        ? `<path d="M${x - 6},${y} H${x + w + 6} V${y + 46} H${x - 6} Z" fill="url(#fabric)"/><path d="M${x - 6},${y + 46} H${x + w + 6}" ${EDGE}/><circle cx="${x + w / 2}" cy="${y + 30}" r="7" fill="url(#metal)"/>`
        : "";
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fff" fill-opacity=".05"/><path d="M${x},${y} V${y + h - 6} Q${x},${y + h} ${x + 6},${y + h} H${x + w - 6} Q${x + w},${y + h} ${x + w},${y + h - 6} V${y}" ${EDGE}/><path d="M${x + 8},${y + 8} V${y + h - 10} H${x + w - 8} V${y + 8}" ${STITCH}/><path d="M${x},${y + 12} H${x + w}" ${STITCH}/>${flap}`;
  },
  zip: (kind, side) => {
    if (side !== "front" || kind !== "hoodie") return "";
    return `<path d="M600,470 L600,1206" stroke="{{deep}}" stroke-width="20"/><path d="M600,470 L600,1206" stroke="url(#metal)" stroke-width="7" stroke-dasharray="3 3"/><path d="M588,470 L588,1206 M612,470 L612,1206" ${STITCH}/><rect x="589" y="760" width="22" height="28" rx="5" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/><rect x="594" y="784" width="12" height="46" rx="5" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>`;
  },
  patch: (kind, side) => {
    const at: Partial<Record<GarmentKind, Point>> =
      side === "front"
        ? {
            tshirt: [360, 1040],
            hoodie: [380, 1080],
            jacket: [470, 640],
            pants: [430, 420],
            crossbody: [740, 700],
            tote: [760, 1120],
          }
        : { tshirt: [600, 420], hoodie: [600, 1080], jacket: [600, 1000], pants: [760, 300] };
    const point = at[kind];
    if (!point) return "";
    const [x, y] = point;
    return `<g transform="translate(2 3)" opacity=".4"><rect x="${x - 46}" y="${y - 17}" width="92" height="34" rx="3" fill="#000"/></g><rect x="${x - 46}" y="${y - 17}" width="92" height="34" rx="3" fill="{{accent}}"/><rect x="${x - 41}" y="${y - 12}" width="82" height="24" rx="2" fill="none" stroke="{{fabric}}" stroke-opacity=".5" stroke-width="1.5" stroke-dasharray="4 3"/>${wordmark([x, y], 8.5, "{{fabric}}")}`;
  },
  "sleeve-stripes": (kind) => {
    if (kind !== "tshirt") return "";
    // two bands just above each sleeve's hem (the hem runs from 1054,606 to 938,670)
    const bands = [22, 44]
      .map((offset) => {
        const dx = -0.48 * offset;
        const dy = -0.87 * offset;
        return `<path d="M${fmt(1054 + dx)},${fmt(606 + dy)} L${fmt(938 + dx)},${fmt(670 + dy)}" stroke="{{accent}}" stroke-width="11"/>`;
      })
      .join("");
    return `${bands}<g transform="matrix(-1 0 0 1 1200 0)">${bands}</g>`;
  },
  "knee-panels": (kind, side) => {
    if (kind !== "pants" || side !== "front") return "";
    const panel = `<path d="M660,880 L842,880 L838,1090 L664,1090 Z" fill="#fff" fill-opacity=".07"/><path d="M660,880 L842,880 M664,1090 L838,1090" ${EDGE}/><path d="M664,892 L840,892 M666,1078 L838,1078" ${STITCH}/>`;
    return `${panel}<g transform="matrix(-1 0 0 1 1200 0)">${panel}</g>`;
  },
  letter: (kind, side) => {
    if (side !== "front" || !["jacket", "hoodie", "tshirt"].includes(kind)) return "";
    const [x, y] = kind === "jacket" ? [470, 640] : kind === "hoodie" ? [470, 660] : [480, 540];
    // a chenille varsity letter: the N in the cloth colour on a felt patch in the trim colour
    return `<g transform="translate(3 4)" opacity=".45"><rect x="${x - 62}" y="${y - 70}" width="124" height="140" rx="18" fill="#000"/></g><rect x="${x - 62}" y="${y - 70}" width="124" height="140" rx="18" fill="{{accent}}"/><rect x="${x - 54}" y="${y - 62}" width="108" height="124" rx="14" fill="none" stroke="{{fabric}}" stroke-opacity=".4" stroke-width="2" stroke-dasharray="6 4"/><path d="M${x - 32},${y + 44} V${y - 44} L${x + 32},${y + 44} V${y - 44}" fill="none" stroke="{{fabric}}" stroke-width="20" stroke-linejoin="miter"/>`;
  },
};

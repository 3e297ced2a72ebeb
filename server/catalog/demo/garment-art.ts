// Vector "product shots" for the demo catalog. The pictures are SVG templates in ./art, so the demo
// store ships without binary assets and every picture is reproducible byte for byte: no randomness,
// all variety comes from the garment kind, colourway, view and the product's style
// (./garment-design.ts: print, cloth pattern, details, cut).
//
// ./art holds, per garment, one drawing for the front and one for the back (`tshirt-front.svg`),
// the shared gradients (`defs.svg`), the two backdrops, and `garments.json` with each garment's
// outline (for its shadow) and framing. A drawing is an SVG fragment; `{{name}}` is a colour of the
// colourway's palette (below), and some elements are ours: `<crease d=""/>` and `<ridge d=""/>`, a
// soft fold in the cloth along the path; `<part name="">...</part>`, a part a design may leave off
// (the house print is "print"); `<pattern-layer/>`, where a design's cloth pattern goes. Line
// breaks and indentation are for the reader only.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chooseParts, fitTransform, type GarmentStyle, overlayLayer, patternLayer } from "./garment-design";

const GARMENT_ART_SIZE = { width: 1200, height: 1500 } as const;

export const GARMENT_KINDS = [
  "tshirt",
  "hoodie",
  "jacket",
  "pants",
  "cap",
  "beanie",
  "tote",
  "socks",
  "crossbody",
] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

/** front/back: ghost-mannequin shots; detail: close-up crop of the front; flat: rotated flat-lay. */
export const GARMENT_VIEWS = ["front", "back", "detail", "flat"] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

interface Colourway {
  fabric: string;
  /** trims, prints, drawcords and tipping */
  accent: string;
}

export const COLOURWAYS = {
  onyx: { fabric: "#34343b", accent: "#d8d4cb" },
  bone: { fabric: "#e4dccc", accent: "#26231f" },
  olive: { fabric: "#5f6440", accent: "#e3dabd" },
  cobalt: { fabric: "#2f51b5", accent: "#eceef4" },
  rust: { fabric: "#a6512f", accent: "#f1e4cf" },
  lilac: { fabric: "#b2a2d3", accent: "#2a2240" },
  slate: { fabric: "#5d6874", accent: "#e6e1d6" },
  oxblood: { fabric: "#68222b", accent: "#e8d6c0" },
  sand: { fabric: "#c2a77f", accent: "#2b261f" },
} as const satisfies Record<string, Colourway>;
export type ColourwayName = keyof typeof COLOURWAYS;

/** One product's look: the garment, its colourway and its style (./garment-design.ts). */
export interface GarmentDesign extends GarmentStyle {
  kind: GarmentKind;
  colourway: ColourwayName;
}

export interface GarmentShot extends GarmentDesign {
  view: GarmentView;
}

/**
 * The product shot as an SVG document. `bare` leaves out the backdrop and the vignette: the
 * garment and its shadow on a transparent canvas, for compositions such as the home page's hero.
 */
export function renderGarmentSvg(shot: GarmentShot, options: { bare?: boolean } = {}): string {
  const art = loadArt();
  const garment = art.garments[shot.kind];
  const side = shot.view === "back" ? "back" : "front";
  const flat = shot.view === "flat";
  const floorY = side === "back" ? (garment.backFloorY ?? garment.floorY) : garment.floorY;
  const silhouette = side === "back" ? (garment.backSilhouette ?? garment.silhouette) : garment.silhouette;
  const transform = viewTransform(shot.view, garment);
  const fit = fitTransform(shot.fit);
  const palette = paletteFor(COLOURWAYS[shot.colourway]);
  const { width, height } = GARMENT_ART_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${fillColours(art.defs, palette)}</defs>`,
    // a window-light streak across the table keeps the flat-lay from reading as the studio shot
    options.bare ? "" : flat ? art.flatLaySurface : art.studioBackdrop,
    `<g${transform ? ` transform="${transform}"` : ""}>`,
    fit ? `<g transform="${fit}">` : "",
    flat ? "" : `<ellipse cx="600" cy="${floorY}" rx="380" ry="60" fill="url(#floor-shadow)"/>`,
    castShadow(silhouette, flat ? CONTACT_SHADOW : STUDIO_SHADOW),
    fillColours(styledDrawing(art.drawings[shot.kind][side], shot, side, silhouette), palette),
    fit ? `</g>` : "",
    `</g>`,
    options.bare ? "" : `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
    `</svg>`,
  ].join("");
}

/**
 * The drawing with the design applied: its optional parts kept or left off, the cloth's pattern
 * where the drawing marks `<pattern-layer/>`, and prints and details over the finished garment.
 * A design with no style gives the drawing exactly as it is in ./art.
 */
function styledDrawing(drawing: string, shot: GarmentShot, side: "front" | "back", outline: Shape[]): string {
  if (shot.pattern && !drawing.includes("<pattern-layer/>"))
    throw new Error(`The ${shot.kind} drawing takes no pattern (${shot.pattern})`);
  const cloth = outline
    .filter((shape) => shape.strokeWidth === undefined)
    .map(({ d, transform }) => `<path d="${d}"${transform ? ` transform="${transform}"` : ""}/>`)
    .join("");
  const seed = `${shot.kind}/${shot.colourway}/${shot.pattern ?? ""}`;
  return (
    chooseParts(drawing, shot).replace("<pattern-layer/>", () => patternLayer(shot.pattern, cloth, seed)) +
    overlayLayer(shot.kind, side, shot)
  );
}

// ---------------------------------------------------------------------------------------------
// The art files

/** Part of a garment's outline, for its shadow. */
interface Shape {
  d: string;
  transform?: string;
  /** for open paths drawn as a stroke of this width, such as straps */
  strokeWidth?: number;
}

/** One entry of art/garments.json. Each garment is drawn in the canvas, centred on x=600. */
interface Garment {
  /** where the floor shadow falls, just under the garment */
  floorY: number;
  /** for pieces whose back view ends higher than the front */
  backFloorY?: number;
  /** the point a detail shot zooms in on, and how far */
  detailFocus: [number, number];
  detailZoom: number;
  flatAngle: number;
  silhouette: Shape[];
  /** when the back's outline differs from the front's */
  backSilhouette?: Shape[];
}

interface Art {
  defs: string;
  studioBackdrop: string;
  flatLaySurface: string;
  garments: Record<GarmentKind, Garment>;
  drawings: Record<GarmentKind, Record<"front" | "back", string>>;
}

let art: Art | undefined;

function loadArt(): Art {
  if (art) return art;
  const files = readArtFiles();
  const read = (name: string) => {
    const text = files[`./art/${name}`];
    if (text === undefined) throw new Error(`Garment art file art/${name} is missing`);
    return text;
  };
  const fragment = (name: string) => expandFolds(read(name).replace(/\n\s*/g, ""));
  art = {
    defs: fragment("defs.svg"),
    studioBackdrop: fragment("studio.svg"),
    flatLaySurface: fragment("flat-lay.svg"),
    garments: JSON.parse(read("garments.json")),
    drawings: Object.fromEntries(
      GARMENT_KINDS.map((kind) => [
        kind,
        { front: fragment(`${kind}-front.svg`), back: fragment(`${kind}-back.svg`) },
      ]),
    ) as Art["drawings"],
  };
  return art;
}

/**
 * The files of ./art by relative path. Vite (the server build, the dev server and the tests)
 * inlines them, so a deployed build needs no source folder; the tsx scripts (npm run seed:demo)
 * have no `import.meta.env` and read them from disk.
 */
function readArtFiles(): Record<string, string> {
  if (import.meta.env) {
    return import.meta.glob<string>("./art/*", { query: "?raw", import: "default", eager: true });
  }
  const folder = path.join(import.meta.dirname, "art");
  return Object.fromEntries(
    readdirSync(folder).map((name) => [`./art/${name}`, readFileSync(path.join(folder, name), "utf8")]),
  );
}

function fillColours(template: string, palette: Palette): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const colour = palette[name as keyof Palette];
    if (!colour) throw new Error(`Garment art names an unknown colour {{${name}}}`);
    return colour;
  });
}

// ---------------------------------------------------------------------------------------------
// Folds, framing and shadows

/** Stroke widths of the stacked layers that make one soft crease, widest first. */
const FOLD_LAYERS = Array.from({ length: 11 }, (_, i) => 96 - i * 8);

/**
 * Soft creases, dark ones for folds and light ones for the ridges between. Each is a stack of
 * faint strokes narrowing towards its centre line: it falls off like a blur, but costs nothing
 * to rasterise, where a blur filter would take most of an image's render time.
 */
function expandFolds(fragment: string): string {
  return fragment.replace(/<(crease|ridge) d="([^"]*)"\/>/g, (_, kind: "crease" | "ridge", d: string) => {
    const opacity = ((kind === "crease" ? 0.4 : 0.16) / FOLD_LAYERS.length).toFixed(3);
    return FOLD_LAYERS.map(
      (width) =>
        `<path d="${d}" fill="none" stroke="{{${kind}}}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`,
    ).join("");
  });
}

function viewTransform(view: GarmentView, garment: Garment): string {
  if (view === "detail") {
    const [x, y] = garment.detailFocus;
    return `translate(600 750) scale(${garment.detailZoom}) translate(${-x} ${-y})`;
  }
  if (view === "flat")
    return `rotate(${garment.flatAngle} 600 750) translate(600 750) scale(.9) translate(-600 -750)`;
  return "";
}

interface ShadowStyle {
  dx: number;
  dy: number;
  /** how far beyond the outline the shadow fades out */
  reach: number;
  opacity: number;
}

/** In the studio the garment floats: the shadow falls soft and low. */
const STUDIO_SHADOW: ShadowStyle = { dx: 0, dy: 34, reach: 64, opacity: 0.7 };
/** Lying on a surface, the shadow is tight and dark. */
const CONTACT_SHADOW: ShadowStyle = { dx: 14, dy: 20, reach: 22, opacity: 0.8 };
const SHADOW_LAYERS = 10;

/**
 * A soft shadow without a blur filter, which took over half of an image's render time: the
 * silhouette is stacked, grown a little more each time, so the darkness falls off with distance.
 */
function castShadow(shapes: readonly Shape[], style: ShadowStyle): string {
  // per-layer opacity such that all layers together reach `style.opacity` under the garment
  const layerOpacity = 1 - (1 - style.opacity) ** (1 / (SHADOW_LAYERS + 1));
  const layers = Array.from({ length: SHADOW_LAYERS + 1 }, (_, layer) => {
    const growth = (2 * style.reach * layer) / SHADOW_LAYERS;
    const paths = shapes.map(({ d, transform, strokeWidth }) => {
      const placement = transform ? ` transform="${transform}"` : "";
      return strokeWidth === undefined
        ? `<path d="${d}"${placement} stroke-width="${growth}"/>`
        : `<path d="${d}"${placement} fill="none" stroke-width="${strokeWidth + growth}"/>`;
    });
    // grouped, so overlapping parts of one layer darken it once, not twice
    return `<g opacity="${layerOpacity.toFixed(3)}">${paths.join("")}</g>`;
  });
  return `<g transform="translate(${style.dx} ${style.dy})" fill="#000" stroke="#000" stroke-linejoin="round" stroke-linecap="round">${layers.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Colour

/** The colours a drawing may name as `{{name}}`, all derived from the colourway's two. */
interface Palette {
  fabric: string;
  light: string;
  shade: string;
  deep: string;
  rib: string;
  accent: string;
  stitch: string;
  /** folds: tinted rather than black, so creases on pale cloth read as shade instead of dirt */
  crease: string;
  ridge: string;
  /** the top of the lining gradient, inside hoods and collars */
  liningTop: string;
  /** the crossbody bag's webbing strap */
  strap: string;
}

function paletteFor({ fabric, accent }: Colourway): Palette {
  const lightFabric = luminance(fabric) > 0.5;
  const deep = mix(fabric, "#000000", 0.66);
  return {
    fabric,
    light: mix(fabric, "#ffffff", 0.16),
    shade: mix(fabric, "#000000", 0.32),
    deep,
    rib: mix(fabric, "#000000", 0.1),
    accent,
    // tone-on-tone thread: darker on pale cloth, lighter on dark cloth
    stitch: lightFabric ? mix(fabric, "#000000", 0.34) : mix(fabric, "#ffffff", 0.3),
    crease: mix(fabric, "#000000", 0.6),
    ridge: mix(fabric, "#ffffff", 0.6),
    liningTop: mix(deep, "#000000", 0.5),
    strap: mix(deep, accent, 0.12),
  };
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return `#${a
    .map((channel, i) =>
      Math.round(channel + ((b[i] as number) - channel) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

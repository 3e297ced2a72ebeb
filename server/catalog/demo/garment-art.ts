// Vector "product shots" for the demo catalog. Everything is drawn from code so the demo store
// ships without binary assets and every picture is reproducible byte for byte: no randomness,
// all variety comes from the garment kind, colourway and view.

export const GARMENT_ART_SIZE = { width: 1200, height: 1500 } as const;

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

export interface Colourway {
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

export interface GarmentShot {
  kind: GarmentKind;
  colourway: ColourwayName;
  view: GarmentView;
}

export function renderGarmentSvg(shot: GarmentShot): string {
  const palette = paletteFor(COLOURWAYS[shot.colourway]);
  const drawing = DRAWINGS[shot.kind];
  const side = shot.view === "back" ? "back" : "front";
  const { width, height } = GARMENT_ART_SIZE;
  const flat = shot.view === "flat";
  const floorY = shot.view === "back" ? (drawing.backFloorY ?? drawing.floorY) : drawing.floorY;
  const transform = viewTransform(shot.view, drawing);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs>${sharedDefs(palette)}</defs>`,
    flat ? FLAT_LAY_SURFACE : STUDIO_BACKDROP,
    `<g${transform ? ` transform="${transform}"` : ""}>`,
    flat ? "" : `<ellipse cx="600" cy="${floorY}" rx="380" ry="60" fill="url(#floor-shadow)"/>`,
    castShadow(drawing.silhouette(side), flat ? CONTACT_SHADOW : STUDIO_SHADOW),
    drawing.draw(palette, side),
    `</g>`,
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
    `</svg>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Scene

const STUDIO_BACKDROP = `<rect width="1200" height="1500" fill="url(#spotlight)"/>`;
const FLAT_LAY_SURFACE =
  `<rect width="1200" height="1500" fill="url(#surface)"/>` +
  // a window-light streak across the table keeps the flat-lay from reading as the same studio shot
  `<rect x="-400" y="300" width="2000" height="520" fill="url(#window-light)" transform="rotate(-22 600 560)"/>`;

function viewTransform(view: GarmentView, drawing: Drawing): string {
  if (view === "detail") {
    const [x, y] = drawing.detailFocus;
    return `translate(600 750) scale(${drawing.detailZoom}) translate(${-x} ${-y})`;
  }
  if (view === "flat")
    return `rotate(${drawing.flatAngle} 600 750) translate(600 750) scale(.9) translate(-600 -750)`;
  return "";
}

/** Part of a garment's outline, for its shadow. */
interface Shape {
  d: string;
  transform?: string;
  /** for open paths drawn as a stroke of this width, such as straps */
  strokeWidth?: number;
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

interface Palette {
  fabric: string;
  light: string;
  shade: string;
  deep: string;
  rib: string;
  accent: string;
  stitch: string;
}

function paletteFor({ fabric, accent }: Colourway): Palette {
  const lightFabric = luminance(fabric) > 0.5;
  return {
    fabric,
    light: mix(fabric, "#ffffff", 0.16),
    shade: mix(fabric, "#000000", 0.32),
    deep: mix(fabric, "#000000", 0.66),
    rib: mix(fabric, "#000000", 0.1),
    accent,
    // tone-on-tone thread: darker on pale cloth, lighter on dark cloth
    stitch: lightFabric ? mix(fabric, "#000000", 0.34) : mix(fabric, "#ffffff", 0.3),
  };
}

function sharedDefs(p: Palette): string {
  return [
    `<radialGradient id="spotlight" cx="600" cy="640" r="980" gradientUnits="userSpaceOnUse">`,
    `<stop offset="0" stop-color="#26262c"/><stop offset=".42" stop-color="#16161a"/><stop offset="1" stop-color="#0a0a0b"/>`,
    `</radialGradient>`,
    `<linearGradient id="surface" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="#1d1d22"/><stop offset=".55" stop-color="#131316"/><stop offset="1" stop-color="#0a0a0b"/>`,
    `</linearGradient>`,
    `<linearGradient id="window-light" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".04"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>`,
    `</linearGradient>`,
    `<radialGradient id="floor-shadow">`,
    `<stop offset="0" stop-color="#000" stop-opacity=".6"/><stop offset="1" stop-color="#000" stop-opacity="0"/>`,
    `</radialGradient>`,
    `<radialGradient id="vignette" cx=".5" cy=".45" r=".75">`,
    `<stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/>`,
    `</radialGradient>`,
    `<linearGradient id="fabric" x1="0" y1="0" x2=".25" y2="1">`,
    `<stop offset="0" stop-color="${p.light}"/><stop offset=".45" stop-color="${p.fabric}"/><stop offset="1" stop-color="${p.shade}"/>`,
    `</linearGradient>`,
    // rounds flat panels into bodies: dark flanks, a soft highlight left of centre
    `<linearGradient id="volume" x1="0" y1="0" x2="1" y2="0">`,
    `<stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".18" stop-color="#000" stop-opacity=".08"/>`,
    `<stop offset=".42" stop-color="#fff" stop-opacity=".07"/><stop offset=".62" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset=".85" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity=".5"/>`,
    `</linearGradient>`,
    `<radialGradient id="dome" cx=".4" cy=".28" r=".85">`,
    `<stop offset="0" stop-color="#fff" stop-opacity=".14"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/>`,
    `<stop offset="1" stop-color="#000" stop-opacity=".5"/>`,
    `</radialGradient>`,
    `<linearGradient id="lining" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${mix(p.deep, "#000000", 0.5)}"/><stop offset="1" stop-color="${p.deep}"/>`,
    `</linearGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="#ece9e2"/><stop offset=".4" stop-color="#9d9990"/><stop offset=".7" stop-color="#d9d5cc"/><stop offset="1" stop-color="#6e6a63"/>`,
    `</linearGradient>`,
    `<pattern id="rib" width="10" height="10" patternUnits="userSpaceOnUse">`,
    `<rect width="4" height="10" fill="#000" fill-opacity=".24"/><rect x="6" width="2" height="10" fill="#fff" fill-opacity=".07"/>`,
    `</pattern>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Drawing primitives

type Point = readonly [number, number];
/** A line to a point, or a cubic curve given as [control1, control2, end]. */
type Segment = readonly [Point] | readonly [Point, Point, Point];

const CENTER_X = GARMENT_ART_SIZE.width / 2;
const mirrorPoint = ([x, y]: Point): Point => [2 * CENTER_X - x, y];
const xy = ([x, y]: Point) => `${x},${y}`;

/**
 * A closed outline symmetric about the vertical centre line, given only its right half: from
 * `start` (on the centre line) down the right side to a point back on the centre line.
 */
function symmetricOutline(start: Point, rightSide: readonly Segment[]): string {
  const ends = [start, ...rightSide.map((segment) => segment[segment.length - 1] as Point)];
  const right = rightSide.map((segment) =>
    segment.length === 1 ? `L${xy(segment[0])}` : `C${xy(segment[0])} ${xy(segment[1])} ${xy(segment[2])}`,
  );
  const left = rightSide
    .map((segment, i) => {
      const from = mirrorPoint(ends[i] as Point);
      return segment.length === 1
        ? `L${xy(from)}`
        : `C${xy(mirrorPoint(segment[1]))} ${xy(mirrorPoint(segment[0]))} ${xy(from)}`;
    })
    .reverse();
  return `M${xy(start)} ${right.join(" ")} ${left.join(" ")} Z`;
}

/** The markup plus its mirror image: details drawn once for the right side of a garment. */
const bothSides = (markup: string) =>
  `${markup}<g transform="matrix(-1 0 0 1 ${2 * CENTER_X} 0)">${markup}</g>`;

/** Cloth with light from above and rounded flanks. */
const fabricPanel = (d: string) => `<path d="${d}" fill="url(#fabric)"/><path d="${d}" fill="url(#volume)"/>`;

/** A faint edge light so dark colourways still separate from the backdrop. */
const rimLight = (d: string) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="3" stroke-linejoin="round"/>`;

const clipped = (id: string, d: string, markup: string) =>
  `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})">${markup}</g>`;

/** Stroke widths of the stacked layers that make one soft crease, widest first. */
const FOLD_LAYERS = Array.from({ length: 11 }, (_, i) => 96 - i * 8);

/**
 * Soft creases, dark ones for folds and light ones for the ridges between. Each is a stack of
 * faint strokes narrowing towards its centre line: it falls off like a blur, but costs nothing
 * to rasterise, where a blur filter would take most of an image's render time.
 */
function folds(p: Palette, shadows: readonly string[], highlights: readonly string[] = []): string {
  // tinted rather than black, so creases on pale cloth read as shade instead of dirt
  const crease = mix(p.fabric, "#000000", 0.6);
  const ridge = mix(p.fabric, "#ffffff", 0.6);
  const stack = (d: string, colour: string, opacity: number) =>
    FOLD_LAYERS.map(
      (width) =>
        `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${(opacity / FOLD_LAYERS.length).toFixed(3)}" stroke-width="${width}" stroke-linecap="round"/>`,
    ).join("");
  return (
    shadows.map((d) => stack(d, crease, 0.4)).join("") + highlights.map((d) => stack(d, ridge, 0.16)).join("")
  );
}

const stitch = (d: string, p: Palette) =>
  `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-opacity=".75" stroke-width="2.4" stroke-dasharray="8 6"/>`;

/** A sewn seam: a recessed dark line with a lit lip beside it. */
const seam = (d: string) =>
  `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".32" stroke-width="4"/>` +
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="2" transform="translate(2 1)"/>`;

/** Knitted rib (cuffs, hems, collars): the cloth slightly darker with fine vertical wales. */
const ribbing = (d: string, p: Palette) =>
  `<path d="${d}" fill="${p.rib}" fill-opacity=".55"/><path d="${d}" fill="url(#rib)"/>`;

const metalCircle = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>`;

// The NOCTURN wordmark as strokes on a one-unit cap height, so it never depends on installed fonts.
const GLYPHS: Record<string, { d: string; advance: number }> = {
  N: { d: "M0 1V0L.74 1V0", advance: 0.74 },
  O: { d: "M.5 0A.5 .5 0 1 1 .5 1A.5 .5 0 1 1 .5 0Z", advance: 1 },
  C: { d: "M.854 .146A.5 .5 0 1 0 .854 .854", advance: 0.8 },
  T: { d: "M0 0H.74M.37 0V1", advance: 0.74 },
  U: { d: "M0 0V.63A.37 .37 0 0 0 .74 .63V0", advance: 0.74 },
  R: { d: "M0 1V0H.4A.26 .26 0 0 1 .4 .52H0M.36 .52L.72 1", advance: 0.72 },
};
const BRAND = "NOCTURN";
const TRACKING = 0.32;
const WORDMARK_WIDTH =
  [...BRAND].reduce((sum, letter) => sum + (GLYPHS[letter]?.advance ?? 0), 0) + TRACKING * (BRAND.length - 1);

function wordmark(cx: number, cy: number, height: number, colour: string): string {
  let x = 0;
  const letters = [...BRAND].map((letter) => {
    const glyph = GLYPHS[letter];
    if (!glyph) return "";
    const markup = `<path d="${glyph.d}" transform="translate(${x.toFixed(3)} 0)"/>`;
    x += glyph.advance + TRACKING;
    return markup;
  });
  const left = cx - (WORDMARK_WIDTH * height) / 2;
  return `<g transform="translate(${left} ${cy - height / 2}) scale(${height})" fill="none" stroke="${colour}" stroke-width=".13" stroke-linejoin="bevel">${letters.join("")}</g>`;
}

/** The crescent brand mark, opening to the upper right. */
function crescent(cx: number, cy: number, r: number, colour: string): string {
  const inner = r * 1.25;
  return `<path d="M${cx},${cy - r} A${r} ${r} 0 1 0 ${cx},${cy + r} A${inner} ${inner} 0 0 1 ${cx},${cy - r} Z" fill="${colour}" transform="rotate(-28 ${cx} ${cy})"/>`;
}

/** Thread-embroidered marks sit slightly proud of the cloth, so give them a hairline shadow. */
const embroidered = (mark: (colour: string) => string, colour: string) =>
  `<g transform="translate(2 2)" opacity=".45">${mark("#000")}</g>${mark(colour)}`;

// ---------------------------------------------------------------------------------------------
// Garments. Each draws in the 1200x1500 canvas, centred on x=600; `side` is front or back.

type Side = "front" | "back";

interface Drawing {
  draw(p: Palette, side: Side): string;
  silhouette(side: Side): readonly Shape[];
  /** where the floor shadow falls, just under the garment */
  floorY: number;
  /** for pieces whose back view ends higher than the front */
  backFloorY?: number;
  /** the point a detail shot zooms in on, and how far */
  detailFocus: Point;
  detailZoom: number;
  flatAngle: number;
}

// biome-ignore format: one segment per line reads like the pattern piece
const TEE = symmetricOutline([600, 372], [
  [[650, 372], [682, 360], [702, 344]], // back neckline
  [[772, 356], [850, 372], [902, 394]], // dropped shoulder
  [[964, 424], [1024, 512], [1054, 606]], // top of the sleeve
  [[938, 670]], // sleeve hem
  [[926, 652], [914, 638], [904, 628]], // underarm
  [[900, 800], [904, 960], [908, 1098]], // side seam
  [[800, 1110], [700, 1114], [600, 1114]], // hem
]);
const TEE_FRONT_NECK = "M498,344 C520,394 560,424 600,424 C640,424 680,394 702,344";
const TEE_BACK_NECK = "M498,344 C518,360 550,372 600,372 C650,372 682,360 702,344";
/** Between the scooped front neckline and the higher back one we see the inside of the back. */
const TEE_INNER_NECK = `${TEE_FRONT_NECK} C682,360 650,372 600,372 C550,372 518,360 498,344 Z`;

function drawTee(p: Palette, side: Side): string {
  const front = side === "front";
  const details = [
    folds(
      p,
      [
        "M896,640 C870,670 850,700 836,740",
        "M304,640 C330,670 350,700 364,740",
        "M690,1100 C696,1000 700,900 690,800",
        "M486,1100 C480,1020 484,950 476,880",
        "M1010,570 C980,540 950,510 926,470",
      ],
      ["M560,520 C590,620 620,740 610,900", "M790,1100 C786,1000 792,920 796,850"],
    ),
    bothSides(seam("M902,394 C884,472 886,560 904,628")),
    bothSides(stitch("M1042,584 L926,648", p)),
    stitch("M300,1084 C420,1094 520,1098 600,1098 C680,1098 780,1094 900,1084", p),
  ];
  const neck = front
    ? `<path d="${TEE_INNER_NECK}" fill="url(#lining)"/>` +
      `<path d="${TEE_BACK_NECK}" fill="none" stroke="${p.deep}" stroke-width="18"/>` +
      `<path d="${TEE_FRONT_NECK}" fill="none" stroke="${p.rib}" stroke-width="26"/>` +
      `<path d="${TEE_FRONT_NECK}" fill="none" stroke="url(#rib)" stroke-width="26"/>` +
      stitch("M490,358 C516,408 558,440 600,440 C642,440 684,408 710,358", p) +
      embroidered((c) => crescent(724, 506, 17, c), p.accent)
    : `<path d="${TEE_BACK_NECK}" fill="none" stroke="${p.rib}" stroke-width="26"/>` +
      `<path d="${TEE_BACK_NECK}" fill="none" stroke="url(#rib)" stroke-width="26"/>` +
      stitch("M494,360 C516,378 550,390 600,390 C650,390 684,378 706,360", p) +
      crescent(600, 560, 92, p.accent) +
      wordmark(600, 720, 44, p.accent);
  return fabricPanel(TEE) + clipped("tee", TEE, details.join("") + neck) + rimLight(TEE);
}

// biome-ignore format: one segment per line reads like the pattern piece
const HOODIE = symmetricOutline([600, 440], [
  [[650, 440], [684, 428], [706, 410]], // neckline
  [[770, 420], [830, 436], [874, 456]], // shoulder
  [[934, 474], [962, 548], [974, 646]], // sleeve head
  [[990, 800], [1030, 950], [1058, 1046]], // outer sleeve
  [[1046, 1060]], [[1062, 1148]], // cuff
  [[1030, 1162], [984, 1164], [954, 1156]],
  [[944, 1068]], [[928, 1058]],
  [[906, 900], [888, 760], [874, 668]], // inner sleeve, up to the underarm
  [[876, 800], [878, 960], [874, 1110]], // side seam
  [[862, 1120]], [[866, 1200]], // waistband
  [[760, 1210], [680, 1212], [600, 1212]],
]);
const HOODIE_WAISTBAND = "M320,1118 L880,1118 L880,1230 L320,1230 Z";
const HOODIE_CUFF = "M1046,1060 L1062,1148 L954,1156 L944,1068 Z";
const HOOD_OPENING = "M600,490 C530,454 506,362 520,294 C534,232 666,232 680,294 C694,362 670,454 600,490";
/** Seen from the front, the hood stands up behind the neck; from the back it lies down it. */
const HOOD_UP =
  "M452,456 C436,322 490,196 600,186 C710,196 764,322 748,456 C700,432 650,426 600,432 C550,426 500,432 452,456 Z";
const HOOD_DOWN =
  "M436,452 C410,600 466,770 600,790 C734,770 790,600 764,452 C730,420 670,404 600,404 C530,404 470,420 436,452 Z";
const HOOD_EDGE_STITCH =
  "M600,506 C520,468 490,362 504,288 C520,218 680,218 696,288 C710,362 680,468 600,506";
const DRAWCORD = "M650,468 C658,530 646,580 654,640";
const KANGAROO_POCKET = "M468,820 L732,820 C760,890 790,980 806,1080 L394,1080 C410,980 440,890 468,820 Z";

function drawHoodie(p: Palette, side: Side): string {
  const front = side === "front";
  const body = [
    folds(
      p,
      [
        "M868,700 C840,760 820,820 800,880",
        "M332,700 C360,760 380,820 400,880",
        "M1000,720 C1010,840 1030,940 1040,1030",
        "M200,720 C190,840 170,940 160,1030",
      ],
      ["M560,540 C590,640 620,720 610,800", "M950,700 C960,820 980,920 1000,1020"],
    ),
    bothSides(seam("M874,456 C860,540 862,610 874,668")),
    ribbing(HOODIE_WAISTBAND, p),
    seam("M320,1120 L880,1120"),
    bothSides(ribbing(HOODIE_CUFF, p) + seam("M1046,1060 L944,1068")),
  ];
  if (front) {
    body.push(
      `<path d="${KANGAROO_POCKET}" fill="#fff" fill-opacity=".04"/>`,
      folds(p, ["M420,1076 C500,1060 700,1060 780,1076"]),
      bothSides(
        `<path d="M732,820 C760,890 790,980 806,1080" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="6"/>` +
          stitch("M718,832 C744,896 772,984 788,1072", p),
      ),
      stitch("M472,834 L728,834", p),
      embroidered((c) => wordmark(600, 740, 30, c), p.accent),
    );
  } else {
    body.push(wordmark(600, 900, 30, p.accent));
  }
  const hood = front
    ? // the hood stands up behind the neck, its lined opening facing us
      fabricPanel(HOOD_UP) +
      `<path d="${HOOD_OPENING} Z" fill="url(#lining)"/>` +
      `<path d="${HOOD_OPENING}" fill="none" stroke="${p.fabric}" stroke-width="32"/>` +
      `<path d="${HOOD_OPENING}" fill="none" stroke="url(#volume)" stroke-width="32"/>` +
      stitch(HOOD_EDGE_STITCH, p) +
      bothSides(
        `<circle cx="650" cy="462" r="9" fill="${p.deep}" stroke="url(#metal)" stroke-width="5"/>` +
          `<path d="${DRAWCORD}" fill="none" stroke="${p.accent}" stroke-width="12" stroke-linecap="round"/>` +
          `<path d="${DRAWCORD}" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="4" transform="translate(3 0)"/>` +
          `<path d="M654,640 L656,680" stroke="url(#metal)" stroke-width="15" stroke-linecap="round"/>`,
      )
    : // seen from behind, the hood lies flat down the back
      folds(p, ["M470,770 C530,830 670,830 730,770"]) +
      fabricPanel(HOOD_DOWN) +
      folds(p, [], ["M480,436 C540,418 660,418 720,436"]) +
      seam("M600,486 L600,788") +
      stitch("M456,466 C434,600 480,750 600,772 C720,750 766,600 744,466", p);
  return fabricPanel(HOODIE) + clipped("hoodie", HOODIE, body.join("")) + rimLight(HOODIE) + hood;
}

// biome-ignore format: one segment per line reads like the pattern piece
const JACKET = symmetricOutline([600, 420], [
  [[646, 420], [680, 410], [702, 396]], // collar seam
  [[774, 408], [836, 424], [880, 446]], // shoulder
  [[944, 466], [974, 544], [984, 640]], // sleeve head
  [[1000, 790], [1032, 930], [1050, 1010]], // outer sleeve
  [[1040, 1024]], [[1054, 1116]], // cuff
  [[1020, 1130], [978, 1132], [948, 1124]],
  [[940, 1036]], [[922, 1024]],
  [[904, 880], [890, 750], [880, 672]], // inner sleeve, up to the underarm
  [[898, 800], [904, 930], [886, 1040]], // blousoned side
  [[870, 1046]], [[872, 1124]], // waistband
  [[760, 1134], [680, 1136], [600, 1136]],
]);
const JACKET_WAISTBAND = "M300,1046 L900,1046 L900,1160 L300,1160 Z";
const JACKET_CUFF = "M1040,1024 L1054,1116 L948,1124 L940,1036 Z";
const COLLAR_BACK = "M498,400 C540,368 660,368 702,400";
const COLLAR_FRONT = "M498,400 C504,444 550,470 600,476";

/** Bomber rib with two thin tipping stripes, made by layering ever narrower strokes of one path. */
function tippedRib(d: string, p: Palette, width: number): string {
  const layer = (colour: string, w: number) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round"/>`;
  return (
    layer(p.rib, width) +
    layer(p.accent, width - 12) +
    layer(p.rib, width - 18) +
    `<path d="${d}" fill="none" stroke="url(#rib)" stroke-width="${width}" stroke-linecap="round"/>`
  );
}

/** A flat knitted band with the same tipping, for hems and cuffs. */
function tippedBand(d: string, stripeY: number, p: Palette): string {
  return (
    ribbing(d, p) +
    `<rect x="0" y="${stripeY}" width="1200" height="5" fill="${p.accent}"/>` +
    `<rect x="0" y="${stripeY + 12}" width="1200" height="5" fill="${p.accent}"/>` +
    `<path d="${d}" fill="url(#rib)"/>`
  );
}

function drawJacket(p: Palette, side: Side): string {
  const front = side === "front";
  const body = [
    folds(
      p,
      [
        "M876,700 C850,760 830,830 812,900",
        "M324,700 C350,760 370,830 388,900",
        "M1004,700 C1014,820 1030,920 1040,1000",
        "M196,700 C186,820 170,920 160,1000",
        "M520,1040 C524,1000 520,960 530,930",
      ],
      ["M540,520 C570,640 590,760 580,900", "M950,680 C962,800 980,900 1000,990"],
    ),
    bothSides(seam("M880,446 C866,530 868,600 880,672")),
    tippedBand(JACKET_WAISTBAND, 1062, p),
    seam("M300,1048 L900,1048"),
    // one clip path serves both cuffs: it applies in the user space of the mirrored group
    `<clipPath id="jacket-cuff"><path d="${JACKET_CUFF}"/></clipPath>`,
    bothSides(
      `<g clip-path="url(#jacket-cuff)">${tippedBand(JACKET_CUFF, 1044, p)}</g>` +
        seam("M1040,1024 L940,1036"),
    ),
  ];
  if (front) {
    body.push(
      // welt pockets, slanting towards the hands
      bothSides(
        `<g transform="translate(772 890) rotate(-18)"><rect x="-15" y="-74" width="30" height="148" rx="7" fill="${p.light}" fill-opacity=".5"/>` +
          `<path d="M-15,-70 L-15,70" stroke="#000" stroke-opacity=".55" stroke-width="5"/>${stitch("M-8,-66 L-8,66 M8,-66 L8,66", p)}</g>`,
      ),
      // the signature utility pocket on the left sleeve
      `<g transform="translate(944 640) rotate(-7)"><rect x="-40" y="-54" width="80" height="108" rx="8" fill="${p.light}" fill-opacity=".35" stroke="#000" stroke-opacity=".35" stroke-width="3"/>` +
        `${stitch("M-32,-46 H32 V46 H-32 Z", p)}<path d="M-28,-36 H28" stroke="url(#metal)" stroke-width="5"/>` +
        `<rect x="16" y="-40" width="9" height="22" rx="3" fill="url(#metal)"/></g>`,
      // centre-front zip
      `<path d="M600,476 L600,1136" stroke="${p.shade}" stroke-width="22"/>`,
      `<path d="M600,476 L600,1136" stroke="url(#metal)" stroke-width="8" stroke-dasharray="3 3"/>`,
      `<rect x="588" y="486" width="24" height="30" rx="5" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>`,
      `<rect x="593" y="510" width="14" height="52" rx="6" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>`,
    );
  } else {
    body.push(
      seam("M600,404 L600,1046"),
      embroidered((c) => crescent(600, 540, 44, c), p.accent),
      embroidered((c) => wordmark(600, 650, 30, c), p.accent),
    );
  }
  const collar = front
    ? `<path d="${COLLAR_BACK} C694,444 650,470 600,476 C550,470 506,444 498,400 Z" fill="url(#lining)"/>` +
      tippedRib(COLLAR_BACK, p, 40) +
      bothSides(tippedRib(COLLAR_FRONT, p, 44))
    : tippedRib(COLLAR_BACK, p, 44);
  return fabricPanel(JACKET) + clipped("jacket", JACKET, body.join("")) + rimLight(JACKET) + collar;
}

// biome-ignore format: one segment per line reads like the pattern piece
const PANTS = symmetricOutline([600, 180], [
  [[824, 180]], [[830, 246]], // waistband
  [[846, 330], [856, 450], [858, 560]], // hip
  [[860, 860], [846, 1150], [830, 1440]], // outseam
  [[770, 1450], [700, 1452], [646, 1446]], // hem
  [[638, 1150], [624, 860], [600, 660]], // inseam, up to the crotch
]);
const CARGO_FLAP = "M720,700 L860,700 L860,764 C810,774 770,774 720,764 Z";
const CARGO_POCKET =
  "M728,756 L858,756 L856,976 C856,986 848,994 838,994 L744,994 C734,994 728,986 728,976 Z";
const BACK_POCKET_FLAP = "M636,462 L778,462 L776,522 C730,532 690,532 638,522 Z";
const BELT_LOOP_XS = [640, 810];

const beltLoop = (x: number, p: Palette) =>
  `<rect x="${x}" y="174" width="20" height="80" rx="4" fill="${p.fabric}" stroke="#000" stroke-opacity=".35" stroke-width="2"/>`;

function drawPants(p: Palette, side: Side): string {
  const front = side === "front";
  // each leg is drawn on the right and mirrored
  const leg = [
    folds(
      p,
      [
        "M640,1430 C632,1150 620,880 604,690",
        "M834,1420 C836,1360 820,1320 796,1300",
        "M670,1190 C720,1206 780,1206 836,1186",
      ],
      ["M750,720 C752,1000 744,1250 740,1430"],
    ),
    seam("M644,1100 C700,1084 790,1084 856,1098"),
    stitch("M644,1112 C700,1096 790,1096 856,1110", p),
    stitch("M646,1418 C720,1426 790,1426 834,1416", p),
    `<path d="${CARGO_POCKET}" fill="#fff" fill-opacity=".05" stroke="#000" stroke-opacity=".35" stroke-width="3"/>`,
    stitch("M738,768 L848,768 L846,972 C846,978 842,984 836,984 L746,984 C740,984 738,978 738,972 Z", p),
    // the bellows fold that lets a cargo pocket expand
    seam("M834,768 L834,984"),
    folds(p, ["M722,780 C780,790 820,790 858,780"]),
    fabricPanel(CARGO_FLAP),
    stitch("M730,710 L850,710 L850,756", p),
    metalCircle(790, 744, 9),
  ];
  const waist = [
    `<path d="M340,180 L860,180 L860,248 L340,248 Z" fill="#000" fill-opacity=".12"/>`,
    seam("M340,248 L860,248"),
    stitch("M340,190 L860,190 M340,238 L860,238", p),
    bothSides(BELT_LOOP_XS.map((x) => beltLoop(x, p)).join("")),
    seam("M600,248 L600,660"),
  ];
  if (front) {
    waist.push(
      metalCircle(600, 214, 13),
      stitch("M640,250 L640,500 C640,540 622,560 602,566", p),
      bothSides(
        `<path d="M744,248 C740,330 772,392 858,430" fill="none" stroke="#000" stroke-opacity=".5" stroke-width="5"/>` +
          stitch("M760,250 C758,322 788,372 858,412", p),
      ),
    );
  } else {
    waist.push(
      beltLoop(590, p),
      // a jeans-style brand patch on the back waistband
      `<rect x="676" y="192" width="120" height="44" rx="4" fill="${p.accent}" stroke="#000" stroke-opacity=".35" stroke-width="2"/>`,
      wordmark(736, 214, 12, p.fabric),
      bothSides(
        seam("M858,380 C760,394 660,418 600,448") +
          `<path d="M642,470 L772,470 L766,640 C766,650 760,658 750,658 L664,658 C654,658 648,650 648,640 Z" fill="#000" fill-opacity=".1" stroke="#000" stroke-opacity=".35" stroke-width="3"/>` +
          stitch(
            "M652,482 L762,482 L756,638 C756,644 752,648 746,648 L668,648 C662,648 658,644 658,638 Z",
            p,
          ) +
          folds(p, ["M640,530 C690,540 730,540 774,530"]) +
          fabricPanel(BACK_POCKET_FLAP) +
          stitch("M646,476 L768,476 L766,514", p) +
          metalCircle(707, 510, 8),
      ),
    );
  }
  return (
    fabricPanel(PANTS) + clipped("pants", PANTS, bothSides(leg.join("")) + waist.join("")) + rimLight(PANTS)
  );
}

// The front shot is three-quarter, visor towards the viewer's left: a dead-on cap reads as a helmet.
const CAP_CROWN_ANGLED =
  "M318,792 C300,600 420,436 620,430 C800,428 912,560 900,780 C780,836 470,846 318,792 Z";
const CAP_BRIM_ANGLED =
  "M296,790 C206,806 146,866 164,926 C186,990 330,1012 472,992 C604,972 704,912 764,836 C640,834 440,828 296,786 Z";
const CAP_BRIM_EDGE = "M296,790 C206,806 146,866 164,926 C186,990 330,1012 472,992 C604,972 704,912 764,836";
const CAP_BRIM_BEHIND = "M286,790 C270,890 930,890 914,790 Z";
const CAP_CROWN_BACK =
  "M318,800 C318,560 450,430 600,426 C750,430 882,560 882,800 C780,820 420,820 318,800 Z";

function drawCap(p: Palette, side: Side): string {
  return side === "front" ? drawCapAngled(p) : drawCapBack(p);
}

function drawCapAngled(p: Palette): string {
  const crown = CAP_CROWN_ANGLED;
  const panelSeams = [
    "M620,432 C540,470 482,620 474,842",
    "M620,432 C470,450 372,580 350,800",
    "M620,432 C704,480 770,640 770,830",
    "M620,432 C780,452 870,580 884,786",
  ]
    .map((d) => `${seam(d)}<g transform="translate(9 2)">${stitch(d, p)}</g>`)
    .join("");
  // rows of visor stitching follow its edge, shrinking towards where the brim meets the crown
  const brimRows = [0.94, 0.88, 0.82, 0.76]
    .map(
      (scale) =>
        `<g transform="translate(540 830) scale(${scale}) translate(-540 -830)">${stitch(CAP_BRIM_EDGE, p)}</g>`,
    )
    .join("");
  return (
    fabricPanel(crown) +
    `<path d="${crown}" fill="url(#dome)"/>` +
    clipped("cap-crown", crown, panelSeams) +
    `<circle cx="404" cy="566" r="8" fill="${p.deep}" stroke="${p.stitch}" stroke-width="3"/>` +
    `<circle cx="700" cy="560" r="8" fill="${p.deep}" stroke="${p.stitch}" stroke-width="3"/>` +
    // the logo wraps around the front panels, so foreshorten it a little
    `<g transform="translate(520 0) skewY(-4) scale(.9 1) translate(-520 0)">` +
    embroidered((c) => crescent(520, 606, 32, c), p.accent) +
    embroidered((c) => wordmark(520, 700, 34, c), p.accent) +
    `</g>` +
    `<ellipse cx="622" cy="432" rx="22" ry="11" fill="${p.fabric}" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
    rimLight(crown) +
    // the visor's thickness shows as a dark lip under its edge
    `<path d="${CAP_BRIM_EDGE}" fill="none" stroke="${p.deep}" stroke-width="12" transform="translate(0 6)"/>` +
    fabricPanel(CAP_BRIM_ANGLED) +
    clipped("cap-brim", CAP_BRIM_ANGLED, folds(p, ["M300,806 C440,860 640,866 760,846"]) + brimRows) +
    rimLight(CAP_BRIM_ANGLED)
  );
}

function drawCapBack(p: Palette): string {
  const crown = CAP_CROWN_BACK;
  const panelSeams =
    bothSides(seam("M600,428 C680,440 760,560 786,826") + stitch("M612,436 C690,450 770,570 796,822", p)) +
    bothSides(`<circle cx="724" cy="560" r="8" fill="${p.deep}" stroke="${p.stitch}" stroke-width="3"/>`) +
    seam("M600,428 L600,712");
  return (
    // the visor, pointing away from us, shows only at the sides
    `<path d="${CAP_BRIM_BEHIND}" fill="${p.deep}"/>` +
    fabricPanel(crown) +
    `<path d="${crown}" fill="url(#dome)"/>` +
    clipped("cap-crown", crown, panelSeams) +
    `<path d="M516,818 C516,764 552,712 600,712 C648,712 684,764 684,818 Z" fill="url(#lining)"/>` +
    stitch("M530,816 C530,772 560,726 600,726 C640,726 670,772 670,816", p) +
    // adjustable strap and its slider
    `<rect x="496" y="778" width="208" height="30" rx="6" fill="${p.shade}" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
    `<rect x="628" y="772" width="40" height="42" rx="5" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
    embroidered((c) => wordmark(600, 664, 18, c), p.accent) +
    `<ellipse cx="600" cy="430" rx="22" ry="12" fill="${p.fabric}" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
    rimLight(crown)
  );
}

const BEANIE_CROWN = "M372,900 C360,620 440,436 600,426 C760,436 840,620 828,900 Z";
const BEANIE_CUFF = "M360,862 C460,886 740,886 840,862 L852,1052 C740,1080 460,1080 348,1052 Z";

function drawBeanie(p: Palette, side: Side): string {
  const front = side === "front";
  // knit wales fan out from the crown's gathered top
  const crownWales = Array.from({ length: 23 }, (_, i) => {
    const offset = i - 11;
    const bottom = 600 + offset * 22;
    const d = `M${bottom},910 C${bottom},720 ${600 + offset * 12},540 ${600 + offset * 3},430`;
    return `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="7"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="3" transform="translate(9 0)"/>`;
  }).join("");
  const cuffWales = Array.from({ length: 37 }, (_, i) => {
    const x = 342 + i * 14;
    return `<path d="M${x},850 L${x},1090" stroke="#000" stroke-opacity=".24" stroke-width="6"/><path d="M${x + 7},850 L${x + 7},1090" stroke="#fff" stroke-opacity=".08" stroke-width="2"/>`;
  }).join("");
  const label = front
    ? `<rect x="520" y="940" width="160" height="50" rx="3" fill="${p.accent}" stroke="#000" stroke-opacity=".35" stroke-width="2"/>` +
      stitch("M526,946 H674 V984 H526 Z", { ...p, stitch: p.fabric }) +
      crescent(550, 965, 12, p.fabric) +
      wordmark(616, 965, 11, p.fabric)
    : // the back seam, with a flag label caught in it
      seam("M600,430 L600,1072") +
      stitch("M608,440 L608,1066", p) +
      `<path d="M600,958 L656,958 L656,1010 L600,1010 Z" fill="${p.accent}" stroke="#000" stroke-opacity=".35" stroke-width="2"/>` +
      crescent(628, 984, 13, p.fabric);
  return (
    fabricPanel(BEANIE_CROWN) +
    `<path d="${BEANIE_CROWN}" fill="url(#dome)"/>` +
    clipped("beanie-crown", BEANIE_CROWN, crownWales + folds(p, ["M380,880 C460,900 740,900 820,880"])) +
    rimLight(BEANIE_CROWN) +
    fabricPanel(BEANIE_CUFF) +
    clipped("beanie-cuff", BEANIE_CUFF, cuffWales) +
    `<path d="M360,862 C460,886 740,886 840,862" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="6"/>` +
    rimLight(BEANIE_CUFF) +
    label
  );
}

const TOTE =
  "M352,584 L848,584 L872,1176 C872,1192 860,1204 844,1204 L356,1204 C340,1204 328,1192 328,1176 Z";
const TOTE_HANDLE =
  "M450,592 C450,366 510,282 600,282 C690,282 750,366 750,592 L714,592 C714,396 670,318 600,318 C530,318 486,396 486,592 Z";

/** The far handle sits a little higher, and in the bag's shadow. */
const FAR_HANDLE_OFFSET = "translate(0 -16)";

function toteHandle(p: Palette, behind: boolean): string {
  const handle =
    fabricPanel(TOTE_HANDLE) +
    stitch("M458,592 C458,372 514,292 600,292 C686,292 742,372 742,592", p) +
    stitch("M478,592 C478,390 526,308 600,308 C674,308 722,390 722,592", p);
  return behind
    ? `<g transform="${FAR_HANDLE_OFFSET}">${handle}<path d="${TOTE_HANDLE}" fill="#000" fill-opacity=".4"/></g>`
    : handle;
}

function drawTote(p: Palette, side: Side): string {
  const front = side === "front";
  const print = front
    ? crescent(600, 840, 80, p.accent) + wordmark(600, 990, 38, p.accent)
    : `<rect x="770" y="648" width="58" height="26" rx="2" fill="${p.accent}"/>` +
      // an open slip pocket across the back
      `<rect x="300" y="780" width="600" height="440" fill="#000" fill-opacity=".14"/>` +
      folds(p, ["M340,800 C500,812 700,812 860,800"]) +
      `<path d="M300,780 L900,780" stroke="#fff" stroke-opacity=".12" stroke-width="4"/>` +
      stitch("M300,794 L900,794", p) +
      seam("M600,794 L600,1186");
  return (
    toteHandle(p, true) +
    fabricPanel(TOTE) +
    clipped(
      "tote",
      TOTE,
      folds(
        p,
        [
          "M350,640 C354,800 346,1000 342,1190",
          "M850,640 C848,800 856,1000 860,1190",
          "M420,1200 C520,1180 680,1180 780,1200",
        ],
        ["M520,660 C530,800 520,1000 530,1180"],
      ) +
        seam("M340,630 L860,630") +
        stitch("M340,620 L860,620", p) +
        stitch("M340,1186 L860,1186", p) +
        print,
    ) +
    rimLight(TOTE) +
    toteHandle(p, false) +
    // box-and-cross stitching where the handles are sewn on
    bothSides(
      `<path d="M714,594 H750 V654 H714 Z M714,594 L750,654 M750,594 L714,654" fill="none" stroke="${p.stitch}" stroke-opacity=".75" stroke-width="2.4"/>`,
    )
  );
}

const SOCK =
  "M640,420 L820,420 L824,880 C830,956 880,988 958,1000 C1040,1012 1082,1040 1084,1088 C1086,1142 1044,1166 982,1166 L770,1166 C690,1166 632,1118 630,1036 Z";
const SOCK_HEEL =
  "M630,990 C640,1080 680,1140 760,1166 L804,1166 C766,1118 742,1056 740,990 C700,1000 660,998 630,990 Z";
const SOCK_TOE =
  "M1010,1002 C1060,1016 1084,1046 1084,1088 C1086,1142 1044,1166 982,1166 L966,1166 C990,1120 996,1050 1010,1002 Z";

function sock(p: Palette, id: string): string {
  const knit = Array.from({ length: 13 }, (_, i) => {
    const x = 648 + i * 14;
    return `<path d="M${x},420 L${x},960" stroke="#000" stroke-opacity=".12" stroke-width="5"/>`;
  }).join("");
  return (
    fabricPanel(SOCK) +
    clipped(
      id,
      SOCK,
      knit +
        ribbing("M600,420 L860,420 L860,520 L600,520 Z", p) +
        seam("M600,520 L860,520") +
        `<rect x="600" y="552" width="260" height="20" fill="${p.accent}"/><rect x="600" y="588" width="260" height="20" fill="${p.accent}"/>` +
        `<path d="${SOCK_HEEL}" fill="${p.shade}"/>` +
        `<path d="${SOCK_TOE}" fill="${p.shade}"/>` +
        seam("M966,1166 C990,1120 996,1050 1010,1002") +
        folds(p, ["M700,880 C740,940 800,980 880,1000", "M650,440 L650,960"], ["M760,440 L770,880"]) +
        crescent(732, 720, 24, p.accent),
    ) +
    rimLight(SOCK)
  );
}

/** Front: a mirrored pair. Back: the pair stacked, both toes the same way, the far one first. */
const SOCK_PLACEMENTS: Record<Side, readonly [string, string]> = {
  front: ["matrix(-1 0 0 1 1200 50)", "translate(0 0)"],
  back: ["translate(-350 -30)", "translate(-120 70)"],
};

function drawSocks(p: Palette, side: Side): string {
  const [first, second] = SOCK_PLACEMENTS[side];
  const inShade = side === "back" ? `<path d="${SOCK}" fill="#000" fill-opacity=".25"/>` : "";
  return `<g transform="${first}">${sock(p, "sock-first")}${inShade}</g><g transform="${second}">${sock(p, "sock-second")}</g>`;
}

const SLING =
  "M300,770 C300,690 356,640 440,640 L760,640 C844,640 900,690 900,770 L900,900 C900,962 856,1004 796,1004 L404,1004 C344,1004 300,962 300,900 Z";
const SLING_POCKET =
  "M318,822 L882,822 L882,904 C882,952 846,986 796,986 L404,986 C354,986 318,952 318,904 Z";
const SLING_STRAP = "M330,706 C260,480 400,300 600,290 C800,300 940,480 870,706";
const SLING_ZIP = "M324,708 C352,676 394,668 440,668 L760,668 C806,668 848,676 876,708";

function zipPuller(x: number, y: number, p: Palette): string {
  return (
    `<rect x="${x - 12}" y="${y - 8}" width="24" height="18" rx="4" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
    `<path d="M${x},${y + 8} C${x - 16},${y + 40} ${x + 16},${y + 56} ${x},${y + 64}" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linecap="round"/>`
  );
}

function drawCrossbody(p: Palette, side: Side): string {
  const front = side === "front";
  const strap =
    `<path d="${SLING_STRAP}" fill="none" stroke="${mix(p.deep, p.accent, 0.12)}" stroke-width="46"/>` +
    `<path d="${SLING_STRAP}" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="30"/>` +
    `<path d="${SLING_STRAP}" fill="none" stroke="url(#rib)" stroke-width="46"/>` +
    `<g transform="translate(352 420) rotate(-58)"><rect x="-40" y="-30" width="80" height="60" rx="10" fill="#121214" stroke="#fff" stroke-opacity=".18" stroke-width="3"/>` +
    `<path d="M-12,-22 V22 M4,-22 V22" stroke="#fff" stroke-opacity=".12" stroke-width="4"/></g>` +
    `<g transform="translate(860 470) rotate(62)"><rect x="-32" y="-28" width="64" height="56" rx="8" fill="url(#metal)" stroke="#000" stroke-opacity=".4" stroke-width="2"/></g>`;
  const zip =
    `<path d="${SLING_ZIP}" fill="none" stroke="${p.deep}" stroke-width="20"/>` +
    `<path d="${SLING_ZIP}" fill="none" stroke="url(#metal)" stroke-width="7" stroke-dasharray="3 3"/>`;
  const panel = front
    ? `<path d="${SLING_POCKET}" fill="#fff" fill-opacity=".05" stroke="#000" stroke-opacity=".4" stroke-width="4"/>` +
      `<path d="M340,838 L860,838" stroke="${p.deep}" stroke-width="16"/>` +
      `<path d="M340,838 L860,838" stroke="url(#metal)" stroke-width="6" stroke-dasharray="3 3"/>` +
      zipPuller(810, 838, p) +
      `<rect x="520" y="888" width="160" height="48" rx="10" fill="${p.accent}" stroke="#000" stroke-opacity=".4" stroke-width="2"/>` +
      wordmark(600, 912, 16, p.fabric)
    : // padded back panel: quilted channels in a darker air mesh
      `<rect x="340" y="712" width="520" height="252" rx="36" fill="${p.deep}" fill-opacity=".75" stroke="#000" stroke-opacity=".4" stroke-width="3"/>` +
      stitch("M356,728 H844 V948 H356 Z", p) +
      [776, 838, 900].map((y) => seam(`M340,${y} L860,${y}`)).join("") +
      folds(p, [], ["M380,745 L820,745", "M380,807 L820,807", "M380,869 L820,869", "M380,931 L820,931"]);
  return (
    strap +
    bothSides(`<rect x="862" y="690" width="40" height="56" rx="6" fill="${p.deep}"/>`) +
    fabricPanel(SLING) +
    clipped("sling", SLING, folds(p, [], ["M380,720 C500,700 700,700 820,720"]) + zip + panel) +
    zipPuller(760, 668, p) +
    rimLight(SLING)
  );
}

const DRAWINGS: Record<GarmentKind, Drawing> = {
  tshirt: {
    draw: drawTee,
    silhouette: () => [{ d: TEE }],
    floorY: 1150,
    detailFocus: [660, 470],
    detailZoom: 2.3,
    flatAngle: -9,
  },
  hoodie: {
    draw: drawHoodie,
    silhouette: (side) => [{ d: HOODIE }, { d: side === "front" ? HOOD_UP : HOOD_DOWN }],
    floorY: 1240,
    detailFocus: [610, 720],
    detailZoom: 2.1,
    flatAngle: 7,
  },
  jacket: {
    draw: drawJacket,
    silhouette: () => [{ d: JACKET }, { d: COLLAR_BACK, strokeWidth: 44 }],
    floorY: 1170,
    detailFocus: [640, 520],
    detailZoom: 2.2,
    flatAngle: -6,
  },
  pants: {
    draw: drawPants,
    silhouette: () => [{ d: PANTS }],
    floorY: 1470,
    detailFocus: [780, 840],
    detailZoom: 2.2,
    flatAngle: 8,
  },
  cap: {
    draw: drawCap,
    silhouette: (side) =>
      side === "front"
        ? [{ d: CAP_CROWN_ANGLED }, { d: CAP_BRIM_ANGLED }]
        : [{ d: CAP_CROWN_BACK }, { d: CAP_BRIM_BEHIND }],
    floorY: 1060,
    backFloorY: 900,
    detailFocus: [540, 660],
    detailZoom: 2,
    flatAngle: -12,
  },
  beanie: {
    draw: drawBeanie,
    silhouette: () => [{ d: BEANIE_CROWN }, { d: BEANIE_CUFF }],
    floorY: 1090,
    detailFocus: [600, 930],
    detailZoom: 2.4,
    flatAngle: 10,
  },
  tote: {
    draw: drawTote,
    silhouette: () => [{ d: TOTE }, { d: TOTE_HANDLE }, { d: TOTE_HANDLE, transform: FAR_HANDLE_OFFSET }],
    floorY: 1230,
    detailFocus: [600, 860],
    detailZoom: 2,
    flatAngle: -7,
  },
  socks: {
    draw: drawSocks,
    silhouette: (side) => SOCK_PLACEMENTS[side].map((transform) => ({ d: SOCK, transform })),
    floorY: 1210,
    detailFocus: [740, 560],
    detailZoom: 2.2,
    flatAngle: 11,
  },
  crossbody: {
    draw: drawCrossbody,
    silhouette: () => [{ d: SLING }, { d: SLING_STRAP, strokeWidth: 46 }],
    floorY: 1040,
    detailFocus: [680, 860],
    detailZoom: 2.2,
    flatAngle: -10,
  },
};

// ---------------------------------------------------------------------------------------------
// Colour

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

// The size guide's measurements, per category (body measurements in centimetres). Content, kept as
// data: the product page's size guide shows the table of the product's category.

export interface SizeGuideTable {
  /** What the table is about, e.g. "Tops". */
  title: string;
  /** How to measure, one sentence per column after the size. */
  howToMeasure: string[];
  columns: string[];
  rows: { size: string; values: string[] }[];
}

const tops: SizeGuideTable = {
  title: "Tops",
  howToMeasure: [
    "Chest: around the fullest part of the chest, under the arms.",
    "Length: from the highest point of the shoulder to the hem.",
  ],
  columns: ["Chest (cm)", "Length (cm)"],
  rows: [
    { size: "XS", values: ["86-91", "68"] },
    { size: "S", values: ["91-97", "70"] },
    { size: "M", values: ["97-104", "72"] },
    { size: "L", values: ["104-112", "74"] },
    { size: "XL", values: ["112-120", "76"] },
    { size: "XXL", values: ["120-128", "78"] },
  ],
};

const trousers: SizeGuideTable = {
  title: "Trousers",
  howToMeasure: [
    "Waist: around the natural waistline, where the trousers sit.",
    "Inseam: from the crotch to the bottom of the leg.",
  ],
  columns: ["Waist (cm)", "Inseam (cm)"],
  rows: [
    { size: "W28", values: ["71", "79"] },
    { size: "W30", values: ["76", "80"] },
    { size: "W32", values: ["81", "81"] },
    { size: "W34", values: ["86", "82"] },
    { size: "W36", values: ["91", "83"] },
  ],
};

/** Lower-cased category → its table; categories without one (accessories) have no guide. */
const GUIDES: Record<string, SizeGuideTable> = {
  "t-shirts": tops,
  hoodies: tops,
  jackets: tops,
  pants: trousers,
};

export function sizeGuideFor(category: string | null): SizeGuideTable | null {
  return (category && GUIDES[category.toLowerCase()]) || null;
}

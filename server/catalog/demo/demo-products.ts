import type { ColourwayName, GarmentDesign, GarmentShot, GarmentView } from "./garment-art";

export const DEMO_CATEGORIES = ["T-Shirts", "Hoodies", "Jackets", "Pants", "Accessories"] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export interface DemoProduct {
  name: string;
  /** null exercises the storefront's no-description fallback */
  description: string | null;
  priceCents: number;
  stock: number;
  category: DemoCategory;
  featured: boolean;
  /** Final sale: hygiene items customers cannot return (docs/RETURNS.md). */
  finalSale?: boolean;
  /** in display order; the first is the card image */
  images: readonly GarmentShot[];
  /**
   * Sold in these colours (docs/ARCHITECTURE.md#colours): each colour's pictures are `images`
   * drawn in its colourway, and the stock is shared out over the colours. The product then has no
   * pictures of its own; its card shows the first colour's.
   */
  colors?: readonly DemoColor[];
  /** Product safety (core/product-safety.ts): fibre content and care, as on the sewn-in label. */
  composition: string;
  care: string;
  warnings?: string;
  /** An outside manufacturer; absent for the shop's own brand (the seller is the manufacturer). */
  manufacturer?: DemoManufacturer;
}

/** One colour of a demo product: its name as the shop shows it and the colourway it is drawn in. */
export interface DemoColor {
  name: string;
  colourway: ColourwayName;
}

/** A manufacturer outside the EU, with the EU responsible person GPSR Art. 4 requires for it. */
interface DemoManufacturer {
  name: string;
  address: string;
  email: string;
  euResponsiblePerson: string;
}

const TEE_CARE = "Machine wash cold, inside out, with similar colours. Do not tumble dry. Iron low.";
const FLEECE_CARE = "Machine wash cold, inside out. Do not tumble dry. Iron low, not on the print.";
const DYED_CARE =
  "Wash separately for the first few washes: the dye may bleed. Machine wash cold, inside out. Do not tumble dry. Iron low.";
const TWILL_CARE = "Machine wash at 30 °C, inside out. Do not tumble dry. Iron medium.";
const SHELL_CARE =
  "Machine wash cold on a gentle cycle, zipped. Do not tumble dry, iron or dry clean; hang to dry.";
const CAP_CARE = "Hand wash cold. Do not machine wash, tumble dry or bleach. Reshape and dry flat.";
const KNIT_CARE = "Hand wash cold with a wool detergent. Do not wring or tumble dry. Dry flat.";
const BAG_CARE = "Wipe clean with a damp cloth. Do not machine wash, tumble dry or iron.";

const DRAWCORD_WARNING = "Not suitable for children under 7: the hood has drawcords.";
const FIRE_WARNING = "Keep away from fire and open flames: the synthetic shell melts and burns.";
const BAG_WARNING = "Keep the plastic packaging away from babies and children: danger of suffocation.";

/** The same EU responsible person for both outside makers: an importer's compliance office. */
const EU_RESPONSIBLE_PERSON =
  "Nordlicht Compliance GmbH, Speicherstraße 12, 20457 Hamburg, Germany, gpsr@nordlicht-compliance.de";

const OUTERWEAR_MAKER: DemoManufacturer = {
  name: "Hanseong Outerwear Co., Ltd.",
  address: "88 Seongsui-ro, Seongdong-gu, Seoul 04781, Republic of Korea",
  email: "compliance@hanseong-outerwear.co.kr",
  euResponsiblePerson: EU_RESPONSIBLE_PERSON,
};

const BAG_MAKER: DemoManufacturer = {
  name: "Pearl River Bags Manufacturing Co., Ltd.",
  address: "18 Xinan Road, Chang'an Town, Dongguan, Guangdong 523850, China",
  email: "https://www.pearlriverbags.com.cn/contact",
  euResponsiblePerson: EU_RESPONSIBLE_PERSON,
};

/** The views of one product's garment, in the order given: its gallery. */
function shots(design: GarmentDesign, views: readonly GarmentView[]): GarmentShot[] {
  return views.map((view) => ({ ...design, view }));
}

const ALL_VIEWS = ["front", "back", "detail", "flat"] as const;

// Every product names its garment ("tee", "hoodie", "jacket", "pants", "cap", "beanie", "tote",
// "socks", "crossbody") in its name or description, and no other garment's word, so that a search
// for one finds exactly those pieces. Mind substrings: "steel" contains "tee", "escape" "cap".
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // T-Shirts
  {
    name: "Midnight Oversized Tee",
    description:
      "A dropped-shoulder tee cut from 280 gsm combed cotton that holds its shape wash after wash. The crescent at the chest is embroidered; the back carries the full wordmark.",
    priceCents: 4500,
    stock: 42,
    category: "T-Shirts",
    composition: "100% combed cotton, 280 g/m²",
    care: TEE_CARE,
    featured: true,
    images: shots({ kind: "tshirt", colourway: "onyx", fit: "oversized" }, ALL_VIEWS),
  },
  {
    name: "Afterglow Heavyweight Tee",
    description:
      "Dense, dry-handed jersey with a tight ribbed collar. Garment-washed for a broken-in feel from day one.",
    priceCents: 4999,
    stock: 27,
    category: "T-Shirts",
    composition: "100% cotton jersey, 260 g/m²",
    care: TEE_CARE,
    featured: false,
    images: shots({ kind: "tshirt", colourway: "bone", print: "wordmark", details: ["sleeve-stripes"] }, [
      "front",
      "back",
      "detail",
    ]),
    colors: [
      { name: "Bone", colourway: "bone" },
      { name: "Black", colourway: "onyx" },
      { name: "Rust", colourway: "rust" },
    ],
  },
  {
    name: "Static Boxy Tee",
    description:
      "Short in the body, wide in the shoulder. A boxy tee in a cool slate that sits clean under an open overshirt.",
    priceCents: 3900,
    stock: 3,
    category: "T-Shirts",
    composition: "100% cotton jersey, 220 g/m²",
    care: TEE_CARE,
    featured: false,
    images: shots(
      {
        kind: "tshirt",
        colourway: "slate",
        fit: "boxy",
        print: "plain",
        pattern: "stripes",
        details: ["chest-pocket"],
      },
      ["front", "detail", "flat"],
    ),
  },
  {
    name: "Nightshade Garment-Dyed Tee",
    description:
      "Dyed after sewing, so every seam takes the colour a little differently. Soft lilac with a faded, lived-in depth.",
    priceCents: 5200,
    stock: 18,
    category: "T-Shirts",
    composition: "100% cotton jersey, 240 g/m², garment-dyed",
    care: DYED_CARE,
    featured: false,
    images: shots({ kind: "tshirt", colourway: "lilac", print: "moon-phases", pattern: "fade" }, [
      "front",
      "back",
      "detail",
      "flat",
    ]),
  },
  {
    name: "Ember Graphic Tee",
    description:
      "Our oversized tee in burnt rust with a cream back print. Screen-printed by hand in small runs, so it goes quickly.",
    priceCents: 5500,
    stock: 0,
    category: "T-Shirts",
    composition: "100% cotton jersey, 240 g/m²; water-based screen print",
    care: "Machine wash cold, inside out. Do not tumble dry. Do not iron over the print.",
    featured: false,
    images: shots({ kind: "tshirt", colourway: "rust", print: "emblem" }, ALL_VIEWS),
  },
  {
    name: "Lowlight Essential Tee",
    description:
      "The everyday tee: mid-weight organic cotton, a relaxed fit and a crescent at the chest. Buy two.",
    priceCents: 3900,
    stock: 60,
    category: "T-Shirts",
    composition: "100% organic cotton jersey, 180 g/m²",
    care: TEE_CARE,
    featured: false,
    images: shots({ kind: "tshirt", colourway: "olive", print: "crescent", details: ["patch"] }, [
      "front",
      "back",
      "detail",
    ]),
  },

  // Hoodies
  {
    name: "Eclipse Heavyweight Hoodie",
    description:
      "A 480 gsm brushed-back fleece hoodie with a double-layer hood and flat waxed drawcords. Built to be the one you reach for every night.",
    priceCents: 11900,
    stock: 24,
    category: "Hoodies",
    composition: "100% cotton brushed-back fleece, 480 g/m²; drawcords 100% cotton, waxed",
    care: FLEECE_CARE,
    warnings: DRAWCORD_WARNING,
    featured: true,
    images: shots({ kind: "hoodie", colourway: "onyx", fit: "oversized" }, ALL_VIEWS),
  },
  {
    name: "Fog Line Hoodie",
    description:
      "Undyed bone fleece with contrast black cords. Relaxed through the body, with a roomy kangaroo pocket.",
    priceCents: 10900,
    stock: 4,
    category: "Hoodies",
    composition: "100% undyed cotton fleece, 400 g/m²; drawcords 100% polyester",
    care: FLEECE_CARE,
    warnings: DRAWCORD_WARNING,
    featured: false,
    images: shots({ kind: "hoodie", colourway: "bone", print: "plain", details: ["patch"] }, [
      "front",
      "back",
      "detail",
    ]),
  },
  {
    name: "Vantage Fleece Hoodie",
    description:
      "Saturated loopback fleece in cobalt or oxblood, finished with a chest wordmark in white. Loud colour, quiet cut.",
    priceCents: 12900,
    stock: 31,
    category: "Hoodies",
    composition: "80% cotton, 20% polyester loopback fleece, 420 g/m²",
    care: FLEECE_CARE,
    warnings: DRAWCORD_WARNING,
    featured: false,
    images: shots({ kind: "hoodie", colourway: "cobalt", pattern: "block" }, ["front", "back", "flat"]),
    colors: [
      { name: "Cobalt", colourway: "cobalt" },
      { name: "Oxblood", colourway: "oxblood" },
    ],
  },
  {
    name: "Ashfall Brushed Hoodie",
    description: "A soft, brushed slate hoodie with ribbed cuffs and hem that keep their snap.",
    priceCents: 9900,
    stock: 15,
    category: "Hoodies",
    composition: "80% cotton, 20% recycled polyester brushed fleece, 380 g/m²",
    care: "Machine wash cold, inside out, zip closed. Do not tumble dry. Iron low, not on the zip.",
    featured: false,
    images: shots(
      { kind: "hoodie", colourway: "slate", print: "crescent", pattern: "speckle", details: ["zip"] },
      ALL_VIEWS,
    ),
  },
  {
    name: "Dusk Pigment-Dyed Hoodie",
    description: "Pigment dye gives this lilac hoodie a chalky, sun-faded surface that only gets better.",
    priceCents: 11499,
    stock: 2,
    category: "Hoodies",
    composition: "100% cotton fleece, 400 g/m², pigment-dyed",
    care: DYED_CARE,
    warnings: DRAWCORD_WARNING,
    featured: false,
    images: shots({ kind: "hoodie", colourway: "lilac", print: "moon-phases", pattern: "fade" }, [
      "front",
      "back",
      "detail",
    ]),
  },
  {
    name: "Redline Hoodie",
    description:
      "Deep oxblood fleece with cream cords and tonal stitching. Heavy, warm and made to be lived in.",
    priceCents: 12499,
    stock: 12,
    category: "Hoodies",
    composition: "100% cotton fleece, 450 g/m²; drawcords 100% polyester",
    care: FLEECE_CARE,
    warnings: DRAWCORD_WARNING,
    featured: false,
    images: shots({ kind: "hoodie", colourway: "oxblood", print: "emblem", pattern: "stripes" }, [
      "front",
      "back",
      "detail",
    ]),
  },

  // Jackets
  {
    name: "Blackout Nylon Bomber",
    description:
      "A matte nylon flight jacket with striped rib trims, a sleeve utility pocket and a quilted lining. Water-repellent, wind-proof, after-dark ready.",
    priceCents: 24900,
    stock: 14,
    category: "Jackets",
    composition: "Shell 100% nylon; lining and padding 100% polyester; rib trims 95% polyester, 5% elastane",
    care: SHELL_CARE,
    warnings: FIRE_WARNING,
    manufacturer: OUTERWEAR_MAKER,
    featured: true,
    images: shots({ kind: "jacket", colourway: "onyx" }, ALL_VIEWS),
  },
  {
    name: "Field Olive Bomber",
    description:
      "The classic MA-1 silhouette in washed olive. A jacket that layers over heavy knits or works on its own.",
    priceCents: 22900,
    stock: 9,
    category: "Jackets",
    composition: "Shell 100% nylon; lining and padding 100% polyester",
    care: SHELL_CARE,
    warnings: FIRE_WARNING,
    manufacturer: OUTERWEAR_MAKER,
    featured: false,
    images: shots({ kind: "jacket", colourway: "olive", print: "plain", details: ["patch"] }, [
      "front",
      "back",
      "detail",
    ]),
  },
  {
    name: "Cobalt Flight Jacket",
    description:
      "Electric cobalt shell, white tipping at the collar and cuffs. Cut a touch cropped to sit at the hip.",
    priceCents: 26500,
    stock: 3,
    category: "Jackets",
    composition: "Shell 100% nylon; lining 100% polyester",
    care: SHELL_CARE,
    warnings: FIRE_WARNING,
    featured: false,
    images: shots({ kind: "jacket", colourway: "cobalt", fit: "cropped", print: "wordmark" }, [
      "front",
      "back",
      "detail",
    ]),
  },
  {
    name: "Oxblood Varsity Bomber",
    description:
      "A deep red satin jacket with cream-tipped ribbing, an embroidered crescent on the back and a padded lining.",
    priceCents: 29900,
    stock: 11,
    category: "Jackets",
    composition: "Shell 100% polyester satin; lining and padding 100% polyester",
    care: SHELL_CARE,
    warnings: FIRE_WARNING,
    featured: false,
    images: shots({ kind: "jacket", colourway: "oxblood", print: "emblem", details: ["letter"] }, [
      "front",
      "back",
      "flat",
    ]),
  },
  {
    name: "Sandstorm Utility Jacket",
    description:
      "Heavy cotton twill in desert sand, with welt pockets and a two-way zip. Softens and fades with wear.",
    priceCents: 21900,
    stock: 22,
    category: "Jackets",
    composition: "100% cotton twill, 340 g/m²",
    care: TWILL_CARE,
    featured: false,
    images: shots(
      {
        kind: "jacket",
        colourway: "sand",
        print: "plain",
        details: ["chest-pocket"],
        omit: ["sleeve-pocket"],
      },
      ["front", "back", "detail"],
    ),
  },
  {
    name: "Obsidian Satin Bomber Jacket",
    description: null,
    priceCents: 34900,
    stock: 8,
    category: "Jackets",
    composition: "Shell 100% polyester satin; lining 100% polyester",
    care: SHELL_CARE,
    warnings: FIRE_WARNING,
    featured: false,
    images: shots({ kind: "jacket", colourway: "slate", pattern: "quilted" }, ALL_VIEWS),
  },

  // Pants
  {
    name: "Phantom Cargo Pants",
    description:
      "Relaxed cargo pants in a dense black ripstop, with bellowed thigh pockets, articulated knees and a tapered leg.",
    priceCents: 13900,
    stock: 35,
    category: "Pants",
    composition: "65% polyester, 35% cotton ripstop, 250 g/m²",
    care: TWILL_CARE,
    featured: true,
    images: shots({ kind: "pants", colourway: "onyx", pattern: "ripstop" }, ALL_VIEWS),
  },
  {
    name: "Drift Utility Cargo Pants",
    description: "Olive cotton twill pants with six pockets and a slightly tapered leg.",
    priceCents: 12900,
    stock: 19,
    category: "Pants",
    composition: "100% cotton twill, 300 g/m²",
    care: TWILL_CARE,
    featured: false,
    images: shots({ kind: "pants", colourway: "olive", details: ["patch"] }, ["front", "back", "detail"]),
  },
  {
    name: "Transit Tapered Pants",
    description:
      "Stretch-twill pants for long days and later nights, in slate, sand or olive. Clean up front, utility on the side.",
    priceCents: 10900,
    stock: 44,
    category: "Pants",
    composition: "97% cotton, 3% elastane stretch twill, 280 g/m²",
    care: TWILL_CARE,
    featured: false,
    images: shots({ kind: "pants", colourway: "slate", fit: "tapered", omit: ["cargo"] }, [
      "front",
      "back",
      "detail",
    ]),
    colors: [
      { name: "Slate", colourway: "slate" },
      { name: "Sand", colourway: "sand" },
      { name: "Olive", colourway: "olive" },
    ],
  },
  {
    name: "Dune Ripstop Cargo Pants",
    description: "Sand-coloured ripstop cargo pants, garment-dyed and enzyme-washed for a soft, chalky hand.",
    priceCents: 14500,
    stock: 4,
    category: "Pants",
    composition: "100% cotton ripstop, 230 g/m², garment-dyed",
    care: DYED_CARE,
    featured: false,
    images: shots({ kind: "pants", colourway: "sand", fit: "wide", pattern: "ripstop" }, [
      "front",
      "detail",
      "flat",
    ]),
  },
  {
    name: "Night Shift Work Pants",
    description: "Bone-white canvas work pants with reinforced knees. Marks up beautifully.",
    priceCents: 11900,
    stock: 26,
    category: "Pants",
    composition: "100% cotton canvas, 400 g/m²",
    care: TWILL_CARE,
    featured: false,
    images: shots(
      { kind: "pants", colourway: "bone", fit: "wide", omit: ["cargo"], details: ["knee-panels"] },
      ["front", "back", "flat"],
    ),
  },

  // Accessories
  {
    name: "Afterhours Crossbody Bag",
    description:
      "A compact crossbody in water-resistant nylon, with a zip front pocket, a quick-release buckle and room for the essentials.",
    priceCents: 6900,
    stock: 21,
    category: "Accessories",
    composition: "Outer 100% nylon with a water-repellent coating; lining 100% polyester; buckle polyacetal",
    care: BAG_CARE,
    warnings: BAG_WARNING,
    manufacturer: BAG_MAKER,
    featured: true,
    images: shots({ kind: "crossbody", colourway: "onyx" }, ALL_VIEWS),
  },
  {
    name: "Signal Crossbody Bag",
    description: "The Afterhours crossbody in cobalt, with a padded back panel that sits flat against you.",
    priceCents: 7499,
    stock: 9,
    category: "Accessories",
    composition: "Outer 100% nylon with a water-repellent coating; lining 100% polyester; buckle polyacetal",
    care: BAG_CARE,
    warnings: BAG_WARNING,
    manufacturer: BAG_MAKER,
    featured: false,
    images: shots({ kind: "crossbody", colourway: "cobalt", details: ["patch"] }, [
      "front",
      "back",
      "detail",
    ]),
  },
  {
    name: "Crescent Six-Panel Cap",
    description:
      "A structured cotton cap with the crescent and wordmark embroidered up front and a metal slider at the back.",
    priceCents: 3900,
    stock: 58,
    category: "Accessories",
    composition: "100% cotton twill; slider nickel-free zinc alloy",
    care: CAP_CARE,
    featured: true,
    images: shots({ kind: "cap", colourway: "onyx" }, ["front", "back", "detail"]),
    colors: [
      { name: "Black", colourway: "onyx" },
      { name: "Sand", colourway: "sand" },
      { name: "Cobalt", colourway: "cobalt" },
    ],
  },
  {
    name: "Lunar Washed Cap",
    description: "A soft washed-cotton cap in bone. Curved visor, adjustable strap.",
    priceCents: 4200,
    stock: 33,
    category: "Accessories",
    composition: "100% cotton twill, washed",
    care: CAP_CARE,
    featured: false,
    images: shots({ kind: "cap", colourway: "bone", omit: ["wordmark"] }, ["front", "back", "flat"]),
  },
  {
    name: "Night Watch Rib Beanie",
    description: "A deep-cuff beanie in chunky olive rib, with a woven label on the fold.",
    priceCents: 3500,
    stock: 40,
    category: "Accessories",
    composition: "50% wool, 50% acrylic rib knit",
    care: KNIT_CARE,
    featured: false,
    images: shots({ kind: "beanie", colourway: "olive" }, ["front", "detail", "flat"]),
  },
  {
    name: "Frost Merino Beanie",
    description: "Fine merino wool knit in bone: warm, breathable and never itchy.",
    priceCents: 4900,
    stock: 12,
    category: "Accessories",
    composition: "100% extra-fine merino wool",
    care: KNIT_CARE,
    featured: false,
    images: shots({ kind: "beanie", colourway: "bone", pattern: "stripes" }, ["front", "detail", "flat"]),
  },
  {
    name: "Moonrise Canvas Tote",
    description:
      "A heavyweight canvas tote with long handles and a big crescent print. Carries a laptop, a spare layer and the rest of the day.",
    priceCents: 4500,
    stock: 50,
    category: "Accessories",
    composition: "100% cotton canvas, 400 g/m²",
    care: "Spot clean, or hand wash cold. Do not tumble dry. Iron low, not over the print.",
    featured: false,
    images: shots({ kind: "tote", colourway: "sand" }, ["front", "back", "detail"]),
  },
  {
    name: "Midnight Stripe Crew Socks",
    description: "Cushioned cotton crew socks with twin stripes and a ribbed cuff that stays up.",
    priceCents: 2400,
    stock: 60,
    category: "Accessories",
    composition: "78% cotton, 20% polyamide, 2% elastane",
    care: "Machine wash at 40 °C, inside out. Do not tumble dry or bleach.",
    featured: false,
    // worn next to the skin: not taken back, like underwear and swimwear
    finalSale: true,
    images: shots({ kind: "socks", colourway: "onyx" }, ["front", "back", "detail"]),
  },
];

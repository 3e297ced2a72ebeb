// Run by playwright.config.ts before the store starts (one PGlite folder, one process): the demo
// catalog, then a few products in colours and on sale for tests/e2e/shop-filters.spec.ts, which
// the admin of this branch cannot make yet. They arrived long before the demo pieces, so the
// shop's first pages and the home page show the demo catalog as before.
import path from "node:path";
import { seedDemoCatalog } from "../../../server/catalog/demo/seed-demo-catalog";
import { parseConfig } from "../../../server/config";
import { seedDemoCoupons } from "../../../server/coupons/demo-coupons";
import { openDatabase } from "../../../server/db/client";
import { product, productColor, productVariant } from "../../../server/db/schema";
import { prepareDatabase } from "../../../server/prepare-database";
import { createStorage } from "../../../server/storage/create-storage";

/** The fixtures' colours: names no demo product uses, so the spec's counts are its own. */
const FIXTURE_COLORS = {
  ultraviolet: { name: "Ultraviolet", swatch: "#5b2a86" },
  "signal-orange": { name: "Signal Orange", swatch: "#ff5f1f" },
} as const;

type Slug = keyof typeof FIXTURE_COLORS;

/** Every fixture's name starts with "Prism", so a search for it shows them alone. */
const FIXTURES: {
  name: string;
  category: string;
  priceCents: number;
  salePriceCents?: number;
  colors?: Partial<Record<Slug, Record<string, number>>>;
}[] = [
  { name: "Prism Tee", category: "T-Shirts", priceCents: 3000, colors: { ultraviolet: { S: 3, M: 2 } } },
  {
    name: "Prism Hoodie",
    category: "Hoodies",
    // above every demo price, regular and sale alike, and the beanie below: until the card shows
    // the sale price, the demo pieces' order by price reads the same either way
    priceCents: 40_000,
    salePriceCents: 36_000,
    colors: { ultraviolet: { M: 0, L: 2 }, "signal-orange": { M: 4 } },
  },
  { name: "Prism Overshirt", category: "Jackets", priceCents: 15_000, colors: { "signal-orange": { L: 1 } } },
  { name: "Prism Beanie", category: "Accessories", priceCents: 2300, salePriceCents: 2200 },
];

const config = parseConfig();
const database = await openDatabase({ dataDir: path.join(config.dataDir, "pglite") });
try {
  await prepareDatabase(database);
  const { storage } = createStorage(config);
  const seeded = await seedDemoCatalog({ db: database.db, storage });
  if (!seeded.seeded) throw new Error(`${config.dataDir} has a catalog already: start from an empty folder`);
  await seedDemoCoupons({ db: database.db, money: config });
  await database.db.transaction(async (tx) => {
    for (const [index, fixture] of FIXTURES.entries()) {
      const [row] = await tx
        .insert(product)
        .values({
          name: fixture.name,
          description: "A fixture of the shop's filter tests.",
          category: fixture.category,
          priceCents: fixture.priceCents,
          salePriceCents: fixture.salePriceCents,
          createdAt: new Date(Date.UTC(2020, 0, 1 + index)),
        })
        .returning({ id: product.id });
      const productId = row!.id;
      if (!fixture.colors) {
        await tx.insert(productVariant).values({ productId, size: "One Size", position: 0, stock: 5 });
        continue;
      }
      for (const [position, [slug, sizes]] of Object.entries(fixture.colors).entries()) {
        const [color] = await tx
          .insert(productColor)
          .values({ productId, slug, position, ...FIXTURE_COLORS[slug as Slug] })
          .returning({ id: productColor.id });
        await tx.insert(productVariant).values(
          Object.entries(sizes).map(([size, stock], sizePosition) => ({
            productId,
            colorId: color!.id,
            size,
            stock,
            position: position * 10 + sizePosition,
          })),
        );
      }
    }
  });
  console.log(`Seeded the demo catalog and ${FIXTURES.length} products for the shop's filter tests.`);
} finally {
  await database.close();
}

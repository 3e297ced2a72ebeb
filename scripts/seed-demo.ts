// npm run seed:demo: fills an empty catalog with the demo products and adds the demo coupons.
// Never seeds over existing products or coupon codes.
// With the embedded database, stop the store first (one PGlite folder, one process).
import path from "node:path";
import { seedDemoCatalog } from "../server/catalog/demo/seed-demo-catalog";
import { parseConfig } from "../server/config";
import { seedDemoCoupons } from "../server/coupons/demo-coupons";
import { openDatabase } from "../server/db/client";
import { prepareDatabase } from "../server/prepare-database";
import { createStorage } from "../server/storage/create-storage";

const config = parseConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, "pglite"),
});
try {
  await prepareDatabase(database);
  const { storage } = createStorage(config);
  const result = await seedDemoCatalog({ db: database.db, storage, log: (message) => console.log(message) });
  const coupons = await seedDemoCoupons({ db: database.db, money: config });
  console.log(coupons > 0 ? `Added ${coupons} demo coupons.` : "The demo coupons exist already.");
  console.log(
    result.seeded
      ? `Seeded ${result.products} demo products.`
      : "The catalog already has products: nothing was seeded.",
  );
} finally {
  await database.close();
}

import { cp } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ONE_SIZE, SHOP_PAGE_SIZE } from "../../core/product";
import { shopQueryString } from "../../core/shop-query";
import { seedDemoCatalog } from "../../server/catalog/demo/seed-demo-catalog";
import { type Database, openDatabase } from "../../server/db/client";
import { type NewProduct, product } from "../../server/db/schema";
import { prepareDatabase } from "../../server/prepare-database";
import { createLocalStorage } from "../../server/storage/local-storage";
import { seedCustomer } from "./customer";
import { storeEnvironment } from "./server";

export type Driver = "postgres" | "pglite";

/** One database with a catalog of a given size, ready to be served by `node server.js`. */
export interface Catalog {
  driver: Driver;
  size: number;
  /** DATA_DIR for the server: media/ (and pglite/ for the embedded database). */
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl?: string;
  /** The term searched on the shop page and how many products it matches. */
  search: { term: string; matches: number };
  /** The product whose page is measured. */
  productId: string;
  /** A cart's products for the cart refresh: that product, a product in colours and the newest other. */
  cartProductIds: string[];
  /** Products spread over the catalog, for traffic that visits many product pages (the soak). */
  productSample: string[];
  /** The shop's last full page, with the cursor that names it (keyset pagination). */
  deepPage: string;
  /** `server_version` as the database reports it */
  serverVersion: string;
  /** The whole seed: migrations, demo catalog, generated products, customer, VACUUM ANALYZE. */
  seedMs: number;
  /** The bulk INSERT ... SELECT of the generated products and their sizes alone. */
  bulkInsertMs: number;
  /** A signed-in customer with a few paid orders: the session cookie the account pages are loaded with. */
  customer: { cookie: string; email: string; orders: number };
}

/** Paid orders the bench customer has, so /account/orders lists some. */
const CUSTOMER_ORDERS = 5;

// First words for the generated names. None of them contains a garment word ("tee", "cap",
// "tote", "socks", ...) so a search for a garment still finds only that garment.
const NAME_PREFIXES = [
  "Onyx",
  "Vanta",
  "Umbra",
  "Nocturne",
  "Carbon",
  "Graphite",
  "Shadow",
  "Raven",
  "Ink",
  "Twilight",
  "Nightfall",
  "Halo",
  "Orbit",
  "Noir",
  "Ghost",
  "Solstice",
  "Equinox",
  "Nova",
  "Vapor",
  "Cinder",
  "Basalt",
  "Gravel",
  "Moth",
  "Hollow",
];

/** The demo catalog as seeded once: later catalogs copy it instead of rendering the images again. */
export interface DemoSeed {
  rows: NewProduct[];
  mediaDir: string;
}

/** Tells whether a PostgreSQL server answers at `adminUrl`. */
export async function postgresReachable(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a transaction). */
async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function dropPostgresDatabase(adminUrl: string, name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  // the server is stopped by then; FORCE ends any connection it left behind
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/**
 * Migrates an empty database, seeds the demo catalog (real images), then fills it up to `size`
 * products with one INSERT ... SELECT over generate_series that reuses the demo products'
 * images, categories and descriptions with new names, prices, stock and arrival dates; then a
 * customer with a few paid orders (scripts/bench/customer.ts).
 */
export async function seedCatalog(options: {
  driver: Driver;
  size: number;
  dataDir: string;
  databaseUrl?: string;
  searchTerm: string;
  productName: string;
  demo?: DemoSeed;
}): Promise<{ catalog: Catalog; demo: DemoSeed }> {
  const started = performance.now();
  const { driver, size, dataDir, databaseUrl } = options;
  const handle = await openDatabase(
    driver === "postgres"
      ? // a bulk load of a million rows runs far longer than the store's 10 s per statement
        { url: databaseUrl, pool: { statementTimeoutMs: 0 } }
      : { dataDir: path.join(dataDir, "pglite") },
  );
  try {
    await prepareDatabase(handle);
    const mediaDir = path.join(dataDir, "media");
    let demo = options.demo;
    if (demo) {
      // the same rows and image files seedDemoCatalog produced for the first catalog
      await cp(demo.mediaDir, mediaDir, { recursive: true });
      await handle.db.insert(product).values(demo.rows);
    } else {
      const storage = createLocalStorage({ root: mediaDir, urlPrefix: "/media" });
      const seeded = await seedDemoCatalog({ db: handle.db, storage });
      if (!seeded.seeded) throw new Error("The benchmark database was not empty");
      const rows = await handle.db.select().from(product);
      demo = { rows: rows.map(({ id: _id, ...row }) => row), mediaDir };
    }
    if (size < demo.rows.length)
      throw new Error(`--sizes must be at least ${demo.rows.length} (the demo catalog)`);
    const bulkStarted = performance.now();
    await fillCatalog(handle.db, size - demo.rows.length);
    await handle.db.transaction(async (tx) => {
      // product.stock is kept as the sum of its sizes' stock by a row trigger on product_variant;
      // each size inserted here holds exactly its product's stock, so the trigger would rewrite
      // the value already there once per row (minutes at a million products). Off for this
      // statement only, inside the transaction: a failure leaves it on.
      await tx.execute(sql`alter table product_variant disable trigger user`);
      await dressInColors(tx);
      // every product without sizes (the generated ones, and the demo rows copied into a second
      // catalog) is sold in one size holding its stock
      await tx.execute(sql`
        insert into product_variant (product_id, size, position, stock)
        select p.id, ${ONE_SIZE}, 0, p.stock from product p
        where not exists (select 1 from product_variant v where v.product_id = p.id)
      `);
      await tx.execute(sql`alter table product_variant enable trigger user`);
    });
    const bulkInsertMs = performance.now() - bulkStarted;
    const customer = await seedCustomer({
      db: handle.db,
      env: storeEnvironment({ dataDir, databaseUrl }),
      orders: CUSTOMER_ORDERS,
    });
    // the state autovacuum brings PostgreSQL to shortly after a bulk load: statistics and
    // the visibility map (index-only scans) are up to date
    await handle.db.execute(sql`vacuum analyze product`);
    await handle.db.execute(sql`vacuum analyze product_variant`);
    await handle.db.execute(sql`vacuum analyze product_color`);

    const total = await scalar(handle.db, sql`select count(*)::int as value from product`);
    if (total !== size) throw new Error(`Seeded ${total} products instead of ${size}`);
    const pattern = `%${options.searchTerm}%`;
    const matches = await scalar(
      handle.db,
      sql`select count(*)::int as value from product where name ilike ${pattern} or description ilike ${pattern}`,
    );
    const productId = await scalar(
      handle.db,
      sql`select id::text as value from product where name = ${options.productName} order by created_at desc limit 1`,
    );
    if (typeof productId !== "string") throw new Error(`No product named ${options.productName}`);
    const others = (await handle.db.execute(sql`
      (select p.id::text as id from product p
        where p.id <> ${productId} and exists (select 1 from product_color c where c.product_id = p.id)
        order by p.created_at desc limit 1)
      union all
      (select p.id::text from product p
        where p.id <> ${productId} and not exists (select 1 from product_color c where c.product_id = p.id)
        order by p.created_at desc limit 1)
    `)) as unknown as { rows: { id: string }[] };
    const cartProductIds = [productId, ...others.rows.map((row) => row.id)];
    const deepPage = await deepPagePath(handle.db, size);
    const productSample = await spreadProductIds(handle.db, size);
    const serverVersion = await scalar(handle.db, sql`select current_setting('server_version') as value`);
    const catalog: Catalog = {
      driver,
      size,
      dataDir,
      databaseUrl,
      search: { term: options.searchTerm, matches: Number(matches) },
      productId,
      cartProductIds,
      productSample,
      deepPage,
      serverVersion: String(serverVersion),
      seedMs: performance.now() - started,
      bulkInsertMs,
      customer,
    };
    return { catalog, demo };
  } finally {
    await handle.close();
  }
}

/**
 * The last full shop page, newest first: page n starts after the product just before it, named by
 * its arrival time in microseconds and its id (core/shop-query.ts), as the shop's Next link does.
 */
async function deepPagePath(db: Database, size: number): Promise<string> {
  const page = Math.max(1, Math.floor(size / SHOP_PAGE_SIZE));
  if (page === 1) return "/products";
  const key = await scalar(
    db,
    sql`select (extract(epoch from created_at) * 1000000)::bigint || '_' || id as value
          from product order by created_at desc, id desc
          offset ${(page - 1) * SHOP_PAGE_SIZE - 1} limit 1`,
  );
  const [micros = "", id = ""] = String(key).split("_");
  return `/products${shopQueryString({ page, cursor: { direction: "after", key: micros, id } })}`;
}

/** How many products the soak's product pages pick from: most of a shop's product views miss a cache. */
const PRODUCT_SAMPLE = 500;

/** Up to PRODUCT_SAMPLE product ids, evenly spread over the catalog in arrival order. */
async function spreadProductIds(db: Database, size: number): Promise<string[]> {
  const step = Math.max(1, Math.floor(size / PRODUCT_SAMPLE));
  const result = (await db.execute(
    sql`select id::text as value from (
          select id, row_number() over (order by created_at desc, id desc) as n from product
        ) numbered where n % ${step} = 0 order by n limit ${PRODUCT_SAMPLE}`,
  )) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}

async function scalar(db: Database, query: ReturnType<typeof sql>) {
  // both drivers return { rows }
  const result = (await db.execute(query)) as unknown as { rows: { value: unknown }[] };
  return result.rows[0]?.value;
}

/** The colours of the generated products: name, slug (the shop's `?color=`) and swatch. */
const BENCH_COLORS = [
  ["Black", "black", "#151515"],
  ["Navy", "navy", "#1f2a44"],
  ["Washed Olive", "washed-olive", "#6b6b3a"],
  ["Bone", "bone", "#e6dfd0"],
  ["Charcoal", "charcoal", "#3a3a3a"],
  ["Rust", "rust", "#9a4a2a"],
  ["Forest", "forest", "#24412f"],
  ["Sand", "sand", "#c8b48a"],
] as const;

/** The colour the bench's "shop, colour" page filters by. */
export const BENCH_COLOR = BENCH_COLORS[0][1];
/** Sizes of each colour of a generated product in colours. */
const COLOR_SIZES = ["S", "M", "L"];

/**
 * Every other product that has no sizes yet (the generated ones) comes in two or three colours of
 * BENCH_COLORS, the first always BENCH_COLOR, each with its pictures (the product's) and sizes S, M
 * and L with their own stock (1 in 6 sold out); the product's stock becomes their sum, as the
 * trigger the caller turned off would have made it. So many so that the colour page is as full (24
 * cards) at 100 products as at 100,000: the scale ratio compares the same page, not a shorter one.
 */
async function dressInColors(db: Pick<Database, "execute">) {
  const palette = BENCH_COLORS.map(
    ([name, slug, swatch], index) => sql`(${index}::int, ${name}::text, ${slug}::text, ${swatch}::text)`,
  );
  await db.execute(sql`
    insert into product_color (product_id, name, slug, swatch, position, images)
    select p.id, c.name, c.slug, c.swatch, k, p.images
    from (
      select id, images, row_number() over (order by created_at, id) as g
      from product p
      where not exists (select 1 from product_variant v where v.product_id = p.id)
    ) p
    cross join lateral generate_series(0, 1 + ((p.g / 2) % 2)::int) as k
    join (values ${sql.join(palette, sql`, `)}) as c(i, name, slug, swatch)
      on c.i = case when k = 0 then 0 else 1 + ((p.g / 2) + k * 3) % ${BENCH_COLORS.length - 1} end
    where p.g % 2 = 0
  `);
  const sizes = COLOR_SIZES.map((size, index) => sql`(${index}::int, ${size}::text)`);
  await db.execute(sql`
    insert into product_variant (product_id, color_id, size, position, stock)
    select c.product_id, c.id, s.size, c.position * ${COLOR_SIZES.length} + s.i,
      case when abs(hashtext(c.id::text || s.size)) % 6 = 0 then 0
           else 1 + abs(hashtext(s.size || c.id::text)) % 12 end
    from product_color c
    cross join (values ${sql.join(sizes, sql`, `)}) as s(i, size)
    where not exists (select 1 from product_variant v where v.color_id = c.id)
  `);
  await db.execute(sql`
    update product p set stock = v.total
    from (
      select product_id, sum(stock)::int as total from product_variant
      where color_id is not null group by product_id
    ) v
    where v.product_id = p.id
  `);
}

async function fillCatalog(db: Database, count: number) {
  if (count <= 0) return;
  // Deterministic spreads from the row number instead of random(), so every run (and both
  // drivers) get the same catalog; the products are computed in bigint, as g * 7919 leaves the
  // int range after 271,000 rows. Generated products arrived over the two years before the
  // demo catalog's four weeks, so "newest" still opens on the demo pieces; 1 in 500 is featured;
  // 1 in 3 is on sale, so that the "On sale" page is full at 100 products too.
  await db.execute(sql`
    with demo as (
      select row_number() over (order by created_at desc, id) - 1 as i, *
      from product
    ),
    demo_count as (select count(*) as n from demo),
    prefixes as (select string_to_array(${NAME_PREFIXES.join(",")}, ',') as names)
    insert into product (name, description, price_cents, sale_price_cents, stock, category, images, featured, created_at, updated_at)
    select
      prefixes.names[1 + ((g::bigint * 7) % array_length(prefixes.names, 1))::int] || ' '
        || regexp_replace(demo.name, '^\\S+\\s+', ''),
      demo.description,
      greatest(900, demo.price_cents + ((g::bigint * 7919) % 41 - 20)::int * 100),
      -- 1 in 3 marked down by 30 %, in force from now on (the trigger sets current_price_cents)
      case when g % 3 = 2
        then (greatest(900, demo.price_cents + ((g::bigint * 7919) % 41 - 20)::int * 100) * 7 / 1000) * 100
      end,
      case when g % 13 = 0 then 0 else 1 + ((g::bigint * 37) % 80)::int end,
      demo.category,
      demo.images,
      g % 500 = 0,
      arrived.at,
      arrived.at
    from generate_series(1, ${count}::int) as g
    cross join demo_count
    cross join prefixes
    join demo on demo.i = g % demo_count.n
    cross join lateral (
      select now() - interval '28 days' - ((g::bigint * 104729) % (730 * 24 * 60)) * interval '1 minute' as at
    ) as arrived
  `);
}

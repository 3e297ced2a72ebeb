import { countSitemapPages, listSitemapProducts } from "../../../server/catalog/list-sitemap-entries";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = [
  "/",
  "/products",
  "/about",
  "/legal",
  "/legal/returns",
  "/legal/withdrawal",
  "/legal/withdrawal-form",
  "/legal/privacy",
  "/legal/terms",
  "/legal/notice",
];

const xmlResponse = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });

/** /sitemap.xml: one file while it fits, otherwise an index of /sitemap.xml?page=N files. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const base = context.config.publicUrl;
  const pages = await countSitemapPages({ db: context.db });
  const pageParam = url.searchParams.get("page");

  if (pageParam === null && pages > 1) {
    const entries = Array.from(
      { length: pages },
      (_, index) => `  <sitemap><loc>${base}/sitemap.xml?page=${index + 1}</loc></sitemap>`,
    );
    return xmlResponse(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>`,
    );
  }

  const page = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > pages) throw new Response("Not Found", { status: 404 });
  const products = await listSitemapProducts({ db: context.db, page });
  const urls = [
    ...(page === 1 ? STATIC_PATHS.map((path) => `  <url><loc>${base}${path}</loc></url>`) : []),
    ...products.map(
      (row) =>
        `  <url><loc>${base}/products/${row.id}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return xmlResponse(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>`,
  );
}

import type { MetaDescriptor } from "react-router";

interface RootData {
  storeName: string;
  publicUrl: string;
}

interface MetaArgs {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string; search?: string };
}

function rootData(matches: MetaArgs["matches"]): RootData {
  const data = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return data ?? { storeName: "Nocturn", publicUrl: "" };
}

/**
 * Title "Page | Store", description, canonical URL and Open Graph tags for one page.
 * `canonicalPath` overrides the current path (e.g. to drop tracking parameters).
 */
export function pageMeta(
  args: MetaArgs,
  page: {
    title: string;
    description: string;
    canonicalPath?: string;
    image?: string;
    type?: string;
    noIndex?: boolean;
  },
): MetaDescriptor[] {
  const { storeName, publicUrl } = rootData(args.matches);
  const title = `${page.title} | ${storeName}`;
  const url = `${publicUrl}${page.canonicalPath ?? args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: storeName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: url },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image)
    tags.push({ property: "og:image", content: new URL(page.image, publicUrl || "http://localhost").href });
  if (page.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Config } from "@react-router/dev/config";

/** Text files worth compressing (fonts and images are compressed formats already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each compressible file
 * of build/client/assets. The names are content hashes, so the files never change: compressing
 * them once here, at the highest quality, replaces compressing them again on every request.
 * express-static-gzip serves them (server/http/app.ts); a file without a smaller copy is served
 * as it is and compressed on the fly.
 */
async function precompressAssets(assetsDir: string) {
  const names = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < source.length) await writeFile(`${file}.br`, br);
      if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

export default {
  ssr: true,
  // React Router 8's behaviour, adopted now (docs/ARCHITECTURE.md#layers): loaders and actions get a
  // RouterContextProvider and read the page's address from `url` (the request is passed through as
  // the browser sent it, `.data` suffix included)
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  async buildEnd({ reactRouterConfig }) {
    await precompressAssets(path.join(reactRouterConfig.buildDirectory, "client", "assets"));
  },
} satisfies Config;

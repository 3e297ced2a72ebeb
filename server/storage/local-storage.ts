import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Storage } from "./storage";

/** Files under a folder, served by the HTTP layer at `urlPrefix` with immutable caching. */
export function createLocalStorage(options: { root: string; urlPrefix: string }): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(options.root, key);
    // keys are ours, but never let one escape the root
    if (!full.startsWith(path.resolve(options.root) + path.sep))
      throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl(key) {
      return `${options.urlPrefix}/${key}`;
    },
  };
}

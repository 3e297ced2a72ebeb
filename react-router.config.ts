import type { Config } from "@react-router/dev/config";

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
} satisfies Config;

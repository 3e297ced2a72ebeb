import type { Config } from "@react-router/dev/config";
import store from "../../../react-router.config";

// The store's framework settings (SSR and the same future flags), so that the floor differs from
// the store only in what the app does per request
export default { ...store, appDirectory: "app", buildDirectory: "build" } satisfies Config;

// The runtime image .ci/container built (NOCTURN_IMAGE), on its own with its embedded defaults
// (PGlite, the built-in test checkout, images and e-mails in DATA_DIR): what it holds, its tsx
// scripts, and the store it runs, from the first start to a drained stop (issue 32).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, freePort } from "../cluster/harness";
import { podman, podmanOk, requireEnv, Shopper } from "./podman";

const image = requireEnv("NOCTURN_IMAGE", "the image to test");
// .ci/container removes whatever is left under this prefix when the run ends
const prefix = requireEnv("NOCTURN_CONTAINER_PREFIX", "a name prefix for this run's containers and volumes");
const container = `${prefix}-store`;
const volume = `${prefix}-data`;
const ADMIN = { email: "image.admin@nocturn-shop.io", password: "a long container passphrase" };

/** Tools that only build or test the store: none of them may be in the runtime image. */
const BUILD_AND_TEST_TOOLS = ["typescript", "vite", "vitest", "happy-dom", "drizzle-kit"];

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
}
const lockfile = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockEntry>;
};

/** Runs `script` with `node -e` in a throwaway container of the image, in /app; its output. */
const nodeInImage = (script: string) =>
  podmanOk(["run", "--rm", "--entrypoint", "node", image, "-e", script]);

/** Every package folder under the image's /app/node_modules, nested ones too, as the lockfile names them. */
async function installedPackages(): Promise<string[]> {
  const listing = await nodeInImage(`
    const { existsSync, readdirSync } = require("node:fs");
    const found = [];
    const visit = (folder) => {
      if (existsSync(folder + "/package.json")) found.push(folder);
      if (existsSync(folder + "/node_modules")) walk(folder + "/node_modules");
    };
    const walk = (folder) => {
      for (const name of readdirSync(folder)) {
        if (name.startsWith(".")) continue;
        if (name.startsWith("@")) for (const inner of readdirSync(folder + "/" + name)) visit(folder + "/" + name + "/" + inner);
        else visit(folder + "/" + name);
      }
    };
    walk("node_modules");
    console.log(JSON.stringify(found));
  `);
  return JSON.parse(listing) as string[];
}

const packageName = (folder: string) =>
  folder.slice(folder.lastIndexOf("node_modules/") + "node_modules/".length);

describe("the runtime image's files", () => {
  it("hold the production packages and none that only builds or tests", async () => {
    const installed = await installedPackages();
    const names = new Set(installed.map(packageName));
    for (const tool of BUILD_AND_TEST_TOOLS) expect(names.has(tool), `${tool} is in the image`).toBe(false);

    const entries = Object.entries(lockfile.packages).filter(([folder]) => folder !== "");
    // what the lockfile installs only for development, wherever it sits in the tree
    const devOnly = new Set(entries.filter(([, e]) => e.dev || e.devOptional).map(([folder]) => folder));
    expect(installed.filter((folder) => devOnly.has(folder))).toEqual([]);
    // and nothing production needs was taken out with them: every required package, and the
    // platform binaries of sharp (images) and esbuild (tsx, for the scripts)
    const required = entries.filter(([, e]) => !e.dev && !e.devOptional && !e.optional).map(([f]) => f);
    expect(required.filter((folder) => !installed.includes(folder))).toEqual([]);
    expect(installed).toEqual(
      expect.arrayContaining([
        `node_modules/@img/sharp-linux-${process.arch}`,
        `node_modules/@esbuild/linux-${process.arch}`,
      ]),
    );
  });

  it("hold the production packages as patches/ patches them", async () => {
    // each file a patch of a production package changes, with the lines the patch adds
    const patched = new Map<string, string[]>();
    for (const name of readdirSync("patches")) {
      let added: string[] | undefined;
      for (const line of readFileSync(`patches/${name}`, "utf8").split("\n")) {
        if (line.startsWith("+++ b/")) {
          const file = line.slice("+++ b/".length);
          const entry = lockfile.packages[file.slice(0, file.indexOf("/dist/"))];
          added = entry && !entry.dev ? [] : undefined;
          if (added) patched.set(file, added);
        } else if (added && line.startsWith("+") && line.trim().length > 1) added.push(line.slice(1));
      }
    }
    expect([...patched.keys()].map((file) => file.split("/")[1])).toEqual(
      expect.arrayContaining(["react-router", "lucide-react"]),
    );
    const contents = JSON.parse(
      await nodeInImage(
        `console.log(JSON.stringify(${JSON.stringify([...patched.keys()])}.map((file) => require("node:fs").readFileSync(file, "utf8"))))`,
      ),
    ) as string[];
    [...patched].forEach(([file, added], index) => {
      const missing = added.filter((line) => !contents[index]?.includes(line));
      expect(missing, `${file} in the image lacks its patch`).toEqual([]);
    });
  });

  it("hold the build, the migrations and the scripts' sources, without tests or the tools' configs", async () => {
    const listing = JSON.parse(
      await nodeInImage(`
        const { readdirSync } = require("node:fs");
        const tests = [];
        const walk = (folder) => {
          for (const entry of readdirSync(folder, { withFileTypes: true })) {
            const path = folder + "/" + entry.name;
            if (entry.isDirectory()) walk(path);
            else if (/\\.test\\.tsx?$/.test(entry.name)) tests.push(path);
          }
        };
        walk("server");
        walk("core");
        console.log(JSON.stringify({ app: readdirSync(".").sort(), scripts: readdirSync("scripts").sort(), tests }));
      `),
    ) as { app: string[]; scripts: string[]; tests: string[] };

    expect(listing.app).toEqual([
      "build",
      "core",
      "data",
      "drizzle",
      "media",
      "node-flags.js",
      "node_modules",
      "package.json",
      "scripts",
      "server",
      "server.js",
      "tsconfig.json",
    ]);
    expect(listing.scripts).toEqual(["create-admin.ts", "db-backup.ts", "db-restore.ts", "seed-demo.ts"]);
    expect(listing.tests).toEqual([]);
  });
});

describe("the image on its own (PGlite in a volume)", () => {
  let port: number;
  let shopper: Shopper;
  /** `npm run <script>` in a container of its own on the data volume, as the image's node user. */
  const npmRun = (...args: string[]) =>
    podman(["run", "--rm", "-v", `${volume}:/app/data`, image, "npm", "run", ...args]);

  beforeAll(async () => {
    await podmanOk(["volume", "create", volume]);
    port = await freePort();
    shopper = new Shopper(`http://127.0.0.1:${port}`);
  });

  afterAll(async () => {
    await podman(["rm", "-f", "-v", container]);
    await podman(["volume", "rm", "-f", volume]);
  });

  it("runs `npm run seed:demo` on an empty data folder", async () => {
    const result = await npmRun("seed:demo");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Seeded \d+ demo products\./);
  });

  it("runs `npm run admin:create`", async () => {
    const result = await npmRun("admin:create", "--", "--email", ADMIN.email, "--password", ADMIN.password);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Admin account created: ${ADMIN.email}`);
  });

  it("starts the store as the node user, as process 1, and serves the home and a product page", async () => {
    await podmanOk([
      "run",
      "--detach",
      "--name",
      container,
      "--publish",
      `127.0.0.1:${port}:3000`,
      "--env",
      `PUBLIC_URL=${shopper.origin}`,
      "--volume",
      `${volume}:/app/data`,
      image,
    ]);
    await eventually(
      "the store to answer /healthz",
      async () => (await fetch(`${shopper.origin}/healthz`).catch(() => undefined))?.status === 200,
      180_000,
    );

    // node is process 1 (so SIGTERM reaches it), running as uid 1000, the image's `node` user, with
    // the young generation for the embedded database (node-flags.js)
    const status = await podmanOk(["exec", container, "cat", "/proc/1/status", "/proc/1/cmdline"]);
    expect(status).toMatch(/^Uid:\s+1000\s+1000\s/m);
    expect(status).toContain("node\0--max-semi-space-size=4\0server.js");

    const home = await shopper.get("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Nocturn");

    // a product of the catalog seed:demo made (the store found it and seeded nothing itself)
    const shop = await (await shopper.get("/products")).text();
    const productPath = /href="(\/products\/[0-9a-f-]{36})"/.exec(shop)?.[1];
    expect(productPath, "a product link on /products").toBeDefined();
    const product = await shopper.get(productPath!);
    expect(product.status).toBe(200);
    expect(await product.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect((await podmanOk(["logs", container])).includes("Seeding the demo catalog")).toBe(false);
  });

  it("signs in the admin `npm run admin:create` made", async () => {
    const signIn = await shopper.post("/login", {
      email: ADMIN.email,
      password: ADMIN.password,
      redirectTo: "/",
    });
    expect(signIn.status, await signIn.text()).toBe(302);
    const admin = await shopper.get("/admin");
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Admin");
  });

  it("reports healthy by the image's HEALTHCHECK (kept by the Docker image format)", async () => {
    const check = JSON.parse(
      await podmanOk(["image", "inspect", "--format", "{{json .HealthCheck}}", image]),
    ) as {
      Test?: string[];
    } | null;
    expect(check?.Test?.join(" ")).toContain("/healthz");
    // (without systemd podman runs no check on a timer: run it once, as the timer would)
    await podmanOk(["healthcheck", "run", container]);
    expect((await podmanOk(["inspect", "--format", "{{.State.Health.Status}}", container])).trim()).toBe(
      "healthy",
    );
  });

  it("drains on `podman stop` (SIGTERM): not ready, still serving, then exits 0", async () => {
    const stopping = new Promise<number | null>((resolve) =>
      spawn("podman", ["stop", "--time", "30", container], { stdio: "ignore" }).once("exit", resolve),
    );
    const signalledAt = Date.now();
    // while it drains: out of rotation for a balancer, yet every request still answered
    const readiness = await eventually(
      "/readyz to answer 503 draining",
      async () => {
        const response = await fetch(`${shopper.origin}/readyz`);
        const body = await response.text();
        return response.status === 503 && body;
      },
      10_000,
    );
    expect(readiness).toContain("draining");
    expect((await fetch(`${shopper.origin}/healthz`)).status).toBe(200);

    expect(await stopping).toBe(0);
    const stoppedAfterMs = Date.now() - signalledAt;
    const state = JSON.parse(await podmanOk(["inspect", "--format", "{{json .State}}", container])) as {
      ExitCode: number;
      Running: boolean;
    };
    expect(state).toMatchObject({ Running: false, ExitCode: 0 });
    // SHUTDOWN_DRAIN_MS (5 s in production), then done well before podman's 30 s would have killed it
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(4_500);
    expect(stoppedAfterMs).toBeLessThan(25_000);
    const log = await podmanOk(["logs", container]);
    expect(log).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
    expect(log).toMatch(/"msg":"stopped"/);
  });
});

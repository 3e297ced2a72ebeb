// The benchmark's floor: a bare React Router 7 app behind Express 5 and the `compression`
// middleware the store uses, nothing else (no logging, no security headers, no session, no
// database). Its req/s are what the store's pages are measured against. Started by
// scripts/bench/floor-app.ts as `node build/server/index.js` with PORT and HOST.
import path from "node:path";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;
// this file runs as build/server/index.js
const clientDir = path.resolve(import.meta.dirname, "..", "client");

// what @react-router/express 7.18.4 does for a GET, without its body handling (the floor has no actions)
const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
  "production",
);
const handleWithReactRouter: express.RequestHandler = async (req, res, next) => {
  try {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(key, item);
      else if (value !== undefined) headers.set(key, value);
    }
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const response = await handleRequest(
      new Request(url, { method: req.method, headers, signal: controller.signal }),
      new RouterContextProvider(),
    );
    res.status(response.status);
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
};

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR, index: false }),
);
app.use(express.static(clientDir, { maxAge: "1h", index: false }));
app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
app.use(handleWithReactRouter);

const port = Number(process.env.PORT ?? 3700);
const server = app.listen(port, process.env.HOST ?? "127.0.0.1", () => {
  console.log(`floor listening on port ${port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));

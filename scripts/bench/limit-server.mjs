// The limit a cached page is compared with: one response's bytes, as the store sent them (already
// compressed), answered from memory by plain node:http to every request but /healthz. Nothing a
// store could do for that page costs less. Started by scripts/bench/limit.ts.
import { readFileSync } from "node:fs";
import http from "node:http";

const page = JSON.parse(readFileSync(process.env.LIMIT_PAGE, "utf8"));
const body = Buffer.from(page.body, "base64");
const headers = [...page.headers, ["content-length", String(body.length)]];

http
  .createServer((req, res) => {
    if (req.url === "/healthz") return res.end("ok");
    res.writeHead(page.status, headers.flat());
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");

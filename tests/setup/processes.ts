// Child processes and ports for the tests that start the store, or part of it, as a process.
import { type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe, spawn } from "node:child_process";
import net from "node:net";

/** A port on 127.0.0.1 that nothing listens on right now (connections to it are refused). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `code` (an ES module, TypeScript through tsx) in a Node process of its own, from this folder. */
export function spawnModule(
  code: string,
  options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe | "inherit">,
) {
  return spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], options);
}

/** The store's start-up (server/http/main.ts), as `npm start` runs it. */
export const RUN_MAIN = 'const { main } = await import("./server/http/main.ts"); await main();';

/** What a process wrote, on each stream and both in order, and its exit status, once it has closed. */
export async function outputOf(child: ReturnType<typeof spawnModule>) {
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr, output };
}

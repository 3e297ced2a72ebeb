// Metrics of a cluster (WEB_CONCURRENCY > 1): each scrape must cover every worker, whichever
// process Prometheus reaches. The primary collects them with prom-client's AggregatorRegistry,
// which asks each worker for its registry over the cluster's IPC channel and adds them up
// (counters and histograms summed; gauges as each metric's `aggregator` says).
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { MetricsSource } from "./metrics-endpoint";

const ASK = "nocturn:metrics-ask";
const ANSWER = "nocturn:metrics-answer";
/** Longer than the primary's own wait for its workers (prom-client: 5 s). */
const ASK_TIMEOUT_MS = 10_000;

interface Answer {
  type: typeof ANSWER;
  id: string;
  contentType?: string;
  body?: string;
  error?: string;
}

/** In a worker: answer the primary's requests for this process's registry. */
export function shareMetricsWithPrimary(registry: Registry) {
  // prom-client starts answering the primary in the constructor, in a worker as in the primary
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/**
 * In the primary: the sum of every worker's metrics, and, when `answerWorkers`, the same for a
 * worker that was scraped on the store's port (METRICS_TOKEN) and asks for it.
 */
export function collectClusterMetrics(options: { answerWorkers: boolean }): MetricsSource {
  const aggregator = new AggregatorRegistry();
  const source: MetricsSource = async () => ({
    contentType: aggregator.contentType,
    body: await aggregator.clusterMetrics(),
  });
  if (options.answerWorkers) {
    cluster.on("message", (worker, message: { type?: unknown; id?: unknown }) => {
      if (message?.type !== ASK || typeof message.id !== "string") return;
      const id = message.id;
      const reply = (answer: Omit<Answer, "type" | "id">) => {
        if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer });
      };
      source().then(
        ({ contentType, body }) => reply({ contentType, body }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    });
  }
  return source;
}

/** In a worker: the whole cluster's metrics, asked of the primary. */
export function askPrimaryForMetrics(): MetricsSource {
  return () =>
    new Promise((resolve, reject) => {
      const id = randomUUID();
      const onMessage = (message: Partial<Answer>) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        finish();
        if (message.body !== undefined && message.contentType) {
          resolve({ contentType: message.contentType, body: message.body });
        } else reject(new Error(`the primary could not collect the metrics: ${message.error}`));
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`the primary did not answer within ${ASK_TIMEOUT_MS / 1000} s`));
      }, ASK_TIMEOUT_MS);
      const finish = () => {
        clearTimeout(timer);
        process.off("message", onMessage);
      };
      process.on("message", onMessage);
      process.send?.({ type: ASK, id });
    });
}

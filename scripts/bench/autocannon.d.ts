// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    /** seconds */
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    /** called with each connection's client before it connects */
    setupClient?: (client: Client) => void;
  }

  /** One connection; emits "headers" with the parser's view of each response's head. */
  interface Client {
    on(event: "headers", listener: (info: { statusCode: number; headers: string[] }) => void): Client;
  }

  interface Result {
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    "2xx": number;
    /** milliseconds */
    latency: Histogram;
    /** requests per one-second sample */
    requests: Histogram & { sent: number };
    /** bytes per one-second sample */
    throughput: Histogram;
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}

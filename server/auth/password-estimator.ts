import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What the estimator says of one password. */
export interface PasswordEstimate {
  /** 0 to 4 (zxcvbn's scale). */
  score: number;
  warning: string | null;
  suggestions: string[];
}

export interface EstimatorOptions {
  /** zxcvbn's `maxLength`: it judges the first so many characters. */
  maxLength: number;
  l33tMaxSubstitutions: number;
  /** Replaces the estimator's own wording of its "userInputs" warning. */
  userInputsWarning: string;
}

/**
 * The worker's code, run as a CommonJS script (`eval`), so that it needs no file of its own: the
 * same string runs under Vite in development and tests, from the production build and from
 * `npm run admin:create`. The packages are resolved by the main thread and passed as paths.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { ZxcvbnFactory } = require(workerData.modules.core);
const common = require(workerData.modules.common);
const english = require(workerData.modules.english);
const { userInputsWarning, ...limits } = workerData.options;
const zxcvbn = new ZxcvbnFactory({
  ...limits,
  translations: {
    ...english.translations,
    warnings: { ...english.translations.warnings, userInputs: userInputsWarning },
  },
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});
parentPort.on("message", ({ id, passwords, userInputs }) => {
  const started = performance.now();
  try {
    const estimates = passwords.map((password) => {
      const { score, feedback } = zxcvbn.check(password, userInputs);
      return { score, warning: feedback.warning, suggestions: feedback.suggestions };
    });
    parentPort.postMessage({ id, estimates, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.stack : String(error) });
  }
});
`;

type Reply = { id: number; estimates: PasswordEstimate[]; seconds: number } | { id: number; error: string };

interface Pending {
  resolve: (reply: { estimates: PasswordEstimate[]; seconds: number }) => void;
  reject: (error: Error) => void;
}

/**
 * zxcvbn in a worker thread of its own. One check costs milliseconds to a few tens of
 * milliseconds of CPU (docs/SECURITY.md#passwords), which on the request's thread would hold up
 * every other request of the process meanwhile; in the worker it takes the other core instead, and
 * the requests that wait for an estimate queue there. The worker loads the dictionaries (about 7 MB,
 * half a second) once, on first use; it keeps the process alive only while a check is under way,
 * and a worker that failed is replaced at the next check.
 */
export function createPasswordEstimator(options: EstimatorOptions) {
  interface Running {
    thread: Worker;
    /** The checks this worker was asked for and has not answered. */
    pending: Map<number, Pending>;
  }
  let running: Running | null = null;
  let nextId = 0;

  const start = (): Running => {
    const require = createRequire(import.meta.url);
    const thread = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        modules: {
          core: require.resolve("@zxcvbn-ts/core"),
          common: require.resolve("@zxcvbn-ts/language-common"),
          english: require.resolve("@zxcvbn-ts/language-en"),
        },
        options,
      },
    });
    const self: Running = { thread, pending: new Map() };
    const fail = (error: Error) => {
      if (running === self) running = null;
      for (const entry of self.pending.values()) entry.reject(error);
      self.pending.clear();
    };
    thread.on("message", (reply: Reply) => {
      const entry = self.pending.get(reply.id);
      if (!entry) return;
      self.pending.delete(reply.id);
      if ("error" in reply) entry.reject(new Error(`password estimator failed: ${reply.error}`));
      else entry.resolve(reply);
      // idle: the worker alone must not keep the process (a script, a test) running
      if (self.pending.size === 0) thread.unref();
    });
    thread.on("error", fail);
    thread.on("exit", (code) => fail(new Error(`password estimator stopped (exit code ${code})`)));
    return self;
  };

  return {
    /** Each password's estimate, and the seconds the worker spent on them. */
    estimate(passwords: string[], userInputs: string[]) {
      running ??= start();
      const { thread, pending } = running;
      const id = nextId++;
      return new Promise<{ estimates: PasswordEstimate[]; seconds: number }>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, passwords, userInputs });
      });
    },
  };
}

import { pino } from "pino";

export type Logger = pino.Logger;

/** The store's logger: JSON lines on stdout, or on `destination` (tests read them back). */
export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: undefined,
      // never let credentials reach the logs
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    options.destination,
  );
}

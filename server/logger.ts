import { pino } from "pino";

export type Logger = pino.Logger;

export function createLogger(options: { level: string }): Logger {
  return pino({
    level: options.level,
    base: undefined,
    // never let credentials reach the logs
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}

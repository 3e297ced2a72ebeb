import { pino } from "pino";
import type { Logger } from "../../server/logger";

export interface LogRecord {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose lines are kept in `records` (parsed), for tests that check what is logged. */
export function recordingLogger(level = "info"): { log: Logger; records: LogRecord[] } {
  const records: LogRecord[] = [];
  const log = pino(
    { level, base: undefined },
    { write: (line: string) => void records.push(JSON.parse(line)) },
  );
  return { log, records };
}

export const WARN = 40;

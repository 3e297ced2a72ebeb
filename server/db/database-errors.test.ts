import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { classifyDatabaseError, isDatabaseUnavailable } from "./database-errors";
import { describeDatabaseUrl } from "./describe-database";
import { DEFAULT_POOL_SETTINGS } from "./pool-settings";

/** An error as node-postgres raises it for an ErrorResponse from the server. */
function serverError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

function nodeError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}

describe("classifyDatabaseError", () => {
  it.each([
    [
      "pg_terminate_backend or a fast shutdown",
      serverError("57P01", "terminating connection due to administrator command"),
    ],
    [
      "a crash of another backend",
      serverError("57P02", "terminating connection because of crash of another server process"),
    ],
    ["a server starting up", serverError("57P03", "the database system is starting up")],
    ["too many connections", serverError("53300", "sorry, too many clients already")],
    ["a connection failure (class 08)", serverError("08006", "connection failure")],
    ["a refused connection", nodeError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a reset connection", nodeError("ECONNRESET", "read ECONNRESET")],
    ["a host name that does not resolve (yet)", nodeError("ENOTFOUND", "getaddrinfo ENOTFOUND db")],
    ["a connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["a connection that took too long to open", new Error("Connection terminated due to connection timeout")],
  ])("reports %s as unavailable", (_what, error) => {
    expect(classifyDatabaseError(error)?.kind).toBe("unavailable");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("reports a pool whose connections all stayed busy as busy (not an outage)", () => {
    const failure = classifyDatabaseError(new Error("timeout exceeded when trying to connect"));
    expect(failure?.kind).toBe("busy");
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("reports a statement cancelled by statement_timeout as a timeout", () => {
    const failure = classifyDatabaseError(
      serverError("57014", "canceling statement due to statement timeout"),
    );
    expect(failure).toEqual({
      kind: "timeout",
      code: "57014",
      reason: "canceling statement due to statement timeout",
    });
  });

  it("looks through the errors that wrap the driver's (drizzle, better-auth, several addresses)", () => {
    const refused = nodeError("ECONNREFUSED", "connect ECONNREFUSED ::1:5432");
    const drizzle = new DrizzleQueryError(
      'select "id" from "session" where "token" = $1',
      ["secret-token"],
      refused,
    );
    const wrapped = new Error("Failed to get session", { cause: drizzle });
    expect(classifyDatabaseError(wrapped)).toEqual({
      kind: "unavailable",
      code: "ECONNREFUSED",
      // the driver's words, never the query or its parameters
      reason: "connect ECONNREFUSED ::1:5432",
    });
    // localhost resolves to ::1 and 127.0.0.1: Node reports both refusals at once
    const both = new AggregateError([
      refused,
      nodeError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
    ]);
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it("leaves other errors alone: they are bugs, answered 500 and logged with their stack", () => {
    expect(
      classifyDatabaseError(serverError("23505", "duplicate key value violates unique constraint")),
    ).toBeUndefined();
    expect(classifyDatabaseError(serverError("42P01", 'relation "nope" does not exist'))).toBeUndefined();
    expect(
      classifyDatabaseError(new Error("Cannot use a pool after calling end on the pool")),
    ).toBeUndefined();
    expect(classifyDatabaseError(new TypeError("undefined is not a function"))).toBeUndefined();
    expect(classifyDatabaseError("a string")).toBeUndefined();
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(classifyDatabaseError(loop)).toBeUndefined();
  });
});

describe("database settings", () => {
  it("names host, port and database of a URL, never its user or password", () => {
    expect(describeDatabaseUrl("postgres://shop:hunter2@db.internal:6432/nocturn?sslmode=require")).toBe(
      "db.internal:6432/nocturn",
    );
    expect(describeDatabaseUrl("postgresql://shop:hunter2@db/nocturn")).toBe("db:5432/nocturn");
    expect(describeDatabaseUrl("postgres://shop@/nocturn?host=/var/run/postgresql")).toBe(
      "/var/run/postgresql:5432/nocturn",
    );
  });

  it("reads pool size and timeouts from the environment, with defaults", () => {
    expect(parseConfig({ NODE_ENV: "test" }).database).toEqual({
      pool: DEFAULT_POOL_SETTINGS,
      startupTimeoutMs: 60_000,
    });
    expect(
      parseConfig({
        NODE_ENV: "test",
        DATABASE_POOL_MAX: "25",
        DATABASE_CONNECT_TIMEOUT_MS: "2500",
        DATABASE_STATEMENT_TIMEOUT_MS: "0",
        DATABASE_STARTUP_TIMEOUT_MS: "120000",
      }).database,
    ).toEqual({
      pool: { max: 25, connectTimeoutMs: 2_500, statementTimeoutMs: 0 },
      startupTimeoutMs: 120_000,
    });
    expect(() => parseConfig({ NODE_ENV: "test", DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => parseConfig({ NODE_ENV: "test", DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});

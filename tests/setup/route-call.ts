// Calling the app's loaders and actions from integration tests, as React Router calls them (minus
// Express), and reading what they answered.
import type { RequestContext } from "../../server/http/context";
import type { Services } from "../../server/services";
import { requestContext, TEST_PUBLIC_URL } from "./test-services";

/** A route module's `loader` or `action`. */
export type RouteFunction = (args: never) => unknown;

let ipCount = 0;
/** A client address not used before in this test file, so the rate limits never get in a test's way. */
export function freshIp(): string {
  ipCount++;
  return `198.18.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
}

export interface RouteCallOptions {
  services: Services;
  /** The session to resolve; by default the request's own Cookie header. */
  cookie?: string;
  /** By default a fresh address for every call. */
  clientIp?: string;
  params?: Record<string, string>;
  /** Parts of the context to replace, e.g. a closed database or a logger that records. */
  context?: Partial<RequestContext>;
}

/**
 * Calls a loader or action with the context the app builds for `request`. Returns what it returned,
 * or the Response or `data(...)` it threw (a guard's redirect, a refusal); other errors are thrown.
 */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  options: RouteCallOptions,
): Promise<unknown> {
  const context = {
    ...(await requestContext(options.services, {
      cookie: options.cookie ?? request.headers.get("Cookie") ?? undefined,
      clientIp: options.clientIp ?? freshIp(),
    })),
    ...options.context,
  };
  try {
    return await fn(routeArgs(request, context, options.params));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithResponseInit(thrown)) return thrown;
    throw thrown;
  }
}

/** A loader's or action's arguments as React Router passes them: the request, its page URL, the context. */
export function routeArgs(
  request: Request,
  context: RequestContext,
  params: Record<string, string> = {},
): never {
  return { request, url: new URL(request.url), context, params } as never;
}

/** A page load of `pathname` on the store, as a browser with `cookie` sends it. */
export function getRequest(pathname: string, cookie?: string): Request {
  return new Request(new URL(pathname, TEST_PUBLIC_URL), { headers: cookie ? { Cookie: cookie } : {} });
}

/** What `data(payload, init)` from react-router makes. */
interface DataWithResponseInit<T> {
  type: "DataWithResponseInit";
  data: T;
  init: ResponseInit | null;
}

function isDataWithResponseInit(value: unknown): value is DataWithResponseInit<unknown> {
  return (value as { type?: unknown } | null)?.type === "DataWithResponseInit";
}

/** A route's answer as the browser would see it. */
export interface Settled<T> {
  status: number;
  /** The payload of `data(...)` or the plain value returned; undefined for a Response. */
  data: T;
  /** Where a redirect goes. */
  location: string | null;
  headers: Headers;
  /** The Response itself, when the route answered with one. */
  response: Response | null;
}

/** Reads a route's answer: a Response, `data(payload, init)` or a plain value (status 200). */
export function settle<T = Record<string, unknown>>(result: unknown): Settled<T> {
  if (result instanceof Response) {
    return {
      status: result.status,
      data: undefined as T,
      location: result.headers.get("Location"),
      headers: result.headers,
      response: result,
    };
  }
  if (isDataWithResponseInit(result)) {
    const headers = new Headers(result.init?.headers);
    return {
      status: result.init?.status ?? 200,
      data: result.data as T,
      location: headers.get("Location"),
      headers,
      response: null,
    };
  }
  return { status: 200, data: result as T, location: null, headers: new Headers(), response: null };
}

/** The status and payload of a route's answer, which must not be a Response. */
export function dataOf<T = { error?: string }>(result: unknown): { status: number; data: T } {
  if (result instanceof Response) {
    throw new Error(`expected data, got a ${result.status} Response to ${result.headers.get("Location")}`);
  }
  const { status, data } = settle<T>(result);
  return { status, data };
}

/** The redirect a route answered with; anything but a 302 Response fails the test. */
export function redirectOf(result: unknown): Response {
  if (!(result instanceof Response) || result.status !== 302) {
    const what = result instanceof Response ? `a ${result.status} Response` : JSON.stringify(result);
    throw new Error(`expected a redirect, got ${what}`);
  }
  return result;
}

/** Where the route's redirect goes. */
export const locationOf = (result: unknown) => redirectOf(result).headers.get("Location");

import { describe, expect, it } from "vitest";
import type { AuthSession } from "./auth";
import { isAdmin, requireAdmin, requireUser } from "./guards";

const PUBLIC_URL = "http://localhost:3999";

/** A session as better-auth returns it, with only the fields the guards read filled in. */
function fakeSession(role: string | null): AuthSession {
  return {
    session: { id: "s1", userId: "u1", token: "t", expiresAt: new Date(Date.now() + 60_000) },
    user: { id: "u1", name: "Zoë Night", email: "zoe@nocturn-shop.io", role },
  } as unknown as AuthSession;
}

/** The page address an admin loader or action gets from React Router. */
function adminUrl(pathname = "/admin/products/new?copy=42") {
  return new URL(pathname, PUBLIC_URL);
}

/** Runs a guard and returns the redirect Response it throws. */
function thrownRedirect(guard: () => unknown): Response {
  try {
    guard();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the guard let the request through");
}

describe("requireAdmin (as an admin action calls it)", () => {
  it("sends a visitor to /login, coming back to the same path and query", () => {
    const response = thrownRedirect(() => requireAdmin({ session: null }, adminUrl()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fproducts%2Fnew%3Fcopy%3D42");
  });

  it("sends a signed-in customer to /forbidden", () => {
    for (const role of ["user", null, "", "administrator", "Admin", "user,administrator"]) {
      const response = thrownRedirect(() => requireAdmin({ session: fakeSession(role) }, adminUrl()));
      expect(response.status, `role ${role}`).toBe(302);
      expect(response.headers.get("Location"), `role ${role}`).toBe("/forbidden");
    }
  });

  it("lets an admin through and returns the session", () => {
    const session = fakeSession("admin");
    expect(requireAdmin({ session }, adminUrl())).toBe(session);
  });

  it("accepts a list of roles that includes admin", () => {
    const session = fakeSession("user,admin");
    expect(requireAdmin({ session }, adminUrl())).toBe(session);
    expect(isAdmin(fakeSession("admin,user"))).toBe(true);
  });

  it("ignores anything the browser sends about roles", () => {
    const response = thrownRedirect(() =>
      requireAdmin({ session: fakeSession("user") }, adminUrl("/admin/products?role=admin")),
    );
    expect(response.headers.get("Location")).toBe("/forbidden");
  });
});

describe("requireUser", () => {
  it("sends a visitor to /login with the path to come back to", () => {
    const response = thrownRedirect(() => requireUser({ session: null }, adminUrl("/account?tab=settings")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dsettings");
  });

  it("returns the session of any signed-in user", () => {
    const session = fakeSession("user");
    expect(requireUser({ session }, adminUrl("/account"))).toBe(session);
  });
});

describe("isAdmin", () => {
  it("is false without a session", () => {
    expect(isAdmin(null)).toBe(false);
  });
});

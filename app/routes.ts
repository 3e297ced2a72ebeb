import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the table of routes in the specification (§2).
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("about", "routes/about.tsx"),
  route("legal", "routes/legal.tsx"),
  route("legal/:section", "routes/legal-section.tsx"),
  route("forbidden", "routes/forbidden.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("account", "routes/account.tsx", { id: "account" }),
  route("account/orders", "routes/account.tsx", { id: "account-orders" }),
  route("admin", "routes/admin.tsx", [
    index("routes/admin.dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin.dashboard.tsx", { id: "admin-dashboard" }),
  ]),
  route("api/cart-products", "routes/api.cart-products.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the table of routes in the specification (docs/SPEC.md#routes).
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout-success", "routes/checkout-success.tsx"),
  route("test-checkout/:session", "routes/test-checkout.tsx"),
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
    // the admin index shows the product manager (docs/SPEC.md#routes)
    index("routes/admin.products.tsx", { id: "admin-index" }),
    route("products", "routes/admin.products.tsx", { id: "admin-products" }),
    route("products/images", "routes/admin.products.images.ts"),
    route("dashboard", "routes/admin.dashboard.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/export.csv", "routes/admin.orders.export.ts"),
    route("coupons", "routes/admin.coupons.tsx"),
    route("receipts", "routes/admin.receipts.tsx"),
    route("tax-rates", "routes/admin.tax-rates.tsx"),
  ]),
  route("api/cart-products", "routes/api.cart-products.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema", "./server/db/auth-schema.ts"],
  out: "./drizzle",
});

import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema/index.ts",
  out: "./db/pg/migrations",
});

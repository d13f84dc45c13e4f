import { defineConfig } from "drizzle-kit";

// The PostgreSQL migrations, generated from the pg-core twin of the schema (`bun run db:generate:pg`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/platform/db/schema-pg/index.ts",
  out: "./server/platform/db/migrations-pg",
});

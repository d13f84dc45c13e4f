import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * A jsonb column that stores the value itself. drizzle's own jsonb hands the driver a JSON string,
 * and Bun's SQL client encodes that string as JSON once more, so an array would be stored as a
 * string holding it (and read back as the array only because it is parsed twice). The JSON text is
 * sent as a text parameter and cast on the server instead; every PostgreSQL driver parses jsonb on
 * the way back, so what it reads is passed through as is.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => sql`${JSON.stringify(value)}::text::jsonb`,
  fromDriver: (value) => value,
});

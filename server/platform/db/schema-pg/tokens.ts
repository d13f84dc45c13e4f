import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./core";

const now = sql`(extract(epoch from now()) * 1000)::bigint`;

// Personal access tokens. Only the SHA-256 of a token is kept: the token is shown once at creation.
// A revoked token's row is deleted, so a lookup by hash finds live-or-expired tokens only.
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, not secret, so the owner can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull().default(now),
    expiresAt: bigint("expires_at", { mode: "number" }),
    lastUsedAt: bigint("last_used_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

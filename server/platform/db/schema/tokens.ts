import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./core";

const now = sql`(unixepoch('subsec') * 1000)`;

// Personal access tokens. Only the SHA-256 of a token is kept: the token is shown once at creation.
// A revoked token's row is deleted, so a lookup by hash finds live-or-expired tokens only.
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, not secret, so the owner can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at"),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

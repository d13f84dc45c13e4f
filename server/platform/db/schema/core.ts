import { ROLES } from "@shared/roles";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Times are integer milliseconds since the epoch; services turn them into ISO strings for the API.
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const organizations = sqliteTable("organizations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    // Stored lower-cased, so the unique constraint is case-insensitive.
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("developer"),
    orgId: integer("org_id").references(() => organizations.id),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    authProvider: text("auth_provider").notNull().default("local"),
    lastLogin: integer("last_login"),
    createdAt: createdAt(),
  },
  (t) => [index("users_org_idx").on(t.orgId)],
);

// Lucia's design: the id is the SHA-256 (hex) of the token held in the cookie; the token is never stored.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const projects = sqliteTable(
  "projects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    url: text("url"),
    orgId: integer("org_id")
      .notNull()
      .references(() => organizations.id),
    // Kept when the creator is deleted; the API then reads the creator as a deleted user.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    steamAppId: integer("steam_app_id"),
    steamAnalyticsEnabled: integer("steam_analytics_enabled", { mode: "boolean" }).notNull().default(false),
    financialAnalyticsEnabled: integer("financial_analytics_enabled", { mode: "boolean" })
      .notNull()
      .default(false),
    steamLastSync: integer("steam_last_sync"),
  },
  (t) => [index("projects_org_idx").on(t.orgId)],
);

/**
 * Sign-in attempts counted per window, where several nodes share the database: every node counts
 * into the same rows, so a load balancer spreading guesses over nodes buys no more of them. A console
 * alone on its database counts in memory and leaves this table empty.
 */
export const loginAttempts = sqliteTable("login_attempts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** Epoch ms at which the window ends and the count starts again from nothing. */
  resetAt: integer("reset_at").notNull(),
});

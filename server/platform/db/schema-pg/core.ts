import { ROLES } from "@shared/roles";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";

// Times are integer milliseconds since the epoch; services turn them into ISO strings for the API.
const createdAt = () =>
  bigint("created_at", { mode: "number" }).notNull().default(sql`(extract(epoch from now()) * 1000)::bigint`);

export const organizations = pgTable("organizations", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    // Stored lower-cased, so the unique constraint is case-insensitive.
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("developer"),
    orgId: integer("org_id").references(() => organizations.id),
    isActive: boolean("is_active").notNull().default(true),
    authProvider: text("auth_provider").notNull().default("local"),
    lastLogin: bigint("last_login", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("users_org_idx").on(t.orgId)],
);

// Lucia's design: the id is the SHA-256 (hex) of the token held in the cookie; the token is never stored.
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const projects = pgTable(
  "projects",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
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
    steamAnalyticsEnabled: boolean("steam_analytics_enabled").notNull().default(false),
    financialAnalyticsEnabled: boolean("financial_analytics_enabled").notNull().default(false),
    steamLastSync: bigint("steam_last_sync", { mode: "number" }),
  },
  (t) => [index("projects_org_idx").on(t.orgId)],
);

/**
 * Sign-in attempts counted per window, where several nodes share the database: every node counts
 * into the same rows, so a load balancer spreading guesses over nodes buys no more of them. A console
 * alone on its database counts in memory and leaves this table empty.
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** Epoch ms at which the window ends and the count starts again from nothing. */
  resetAt: bigint("reset_at", { mode: "number" }).notNull(),
});

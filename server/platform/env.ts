import { hostname } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";

// Every setting the server reads, validated once at start so a typo fails fast with a clear line.
const emptyAsUnset = (v: unknown) => (v === "" ? undefined : v);

const optionalInt = (min: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).optional());

/**
 * How many reverse proxies of our own stand in front of the server: 0 (off, the default) ignores
 * X-Forwarded-For; "true"/"on" means one.
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(|true|false|on|off|yes|no|[0-9])$/, "TRUST_PROXY must be off, on, or a number of proxies (0-9)")
  .transform((v) => (v === "true" || v === "on" || v === "yes" ? 1 : /^\d$/.test(v) ? Number(v) : 0))
  .default(0);

const onOff = (name: string, fallback = true) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(|1|0|true|false|on|off|yes|no)$/, `${name} must be on or off`)
    .transform((v) => (v === "" ? fallback : !["0", "false", "off", "no"].includes(v)))
    .default(fallback);

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * Made absolute once, against the directory the server was started in: ffmpeg reads list files that
   * name other files, and a relative name inside a list is read against that list's own folder.
   */
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .transform((dir) => resolve(dir)),
  /**
   * A postgres:// or postgresql:// URL runs the console on that PostgreSQL database (15 or later)
   * instead of the SQLite file in DATA_DIR; several nodes share one database this way.
   */
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/i, "DATABASE_URL must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Connections each node keeps to PostgreSQL at most (unused with SQLite). */
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(100).default(10)),
  ADMIN_EMAIL: z.email().default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(6, "ADMIN_PASSWORD must be at least 6 characters").optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  TRUST_PROXY: trustProxy,
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 ** 3),
  /** Uploads and media preparation stop before free space on DATA_DIR drops below this; 0 turns the guard off. */
  MIN_FREE_DISK_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  /** An import from a link stops when its server sends nothing (no answer, no byte) for this long. */
  IMPORT_STALL_SECONDS: z.coerce
    .number("IMPORT_STALL_SECONDS must be a number of seconds, at least 1")
    .int("IMPORT_STALL_SECONDS must be a number of seconds, at least 1")
    .min(1, "IMPORT_STALL_SECONDS must be a number of seconds, at least 1")
    .default(30),
  MAX_CONCURRENT_STREAMS: optionalInt(1),
  /**
   * This node's name, shown on the dashboard and on each stream card it runs. The default is the
   * machine's host name, so a host name outside the allowed characters asks for NODE_NAME at start.
   */
  NODE_NAME: z.preprocess(
    (v) => (v === "" || v === undefined ? hostname() : v),
    z
      .string()
      .regex(
        /^[A-Za-z0-9._-]{1,63}$/,
        "NODE_NAME must be 1-63 letters, digits, dots, underscores or hyphens (the default is the host name)",
      ),
  ),
  /**
   * How many streams this node takes on. Unset: MAX_CONCURRENT_STREAMS (the console-wide limit),
   * which with one node is the same thing; neither set reads as unlimited.
   */
  NODE_MAX_STREAMS: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number("NODE_MAX_STREAMS must be a whole number of streams, at least 1")
      .int("NODE_MAX_STREAMS must be a whole number of streams, at least 1")
      .min(1, "NODE_MAX_STREAMS must be a whole number of streams, at least 1")
      .optional(),
  ),
  FFMPEG_PATH: z.string().default("ffmpeg"),
  FFPROBE_PATH: z.string().default("ffprobe"),
  STEAM_API_BASE: z.url().default("https://api.steampowered.com"),
  STEAM_STORE_BASE: z.url().default("https://store.steampowered.com"),
  STEAM_PARTNER_BASE: z.url().default("https://partner.steam-api.com"),
  /** Where the store-page check asks whether Steam shows a broadcast (getbroadcastinfo). */
  STEAM_COMMUNITY_BASE: z.url().default("https://steamcommunity.com"),
  STEAM_WEB_API_KEY: z.string().optional(),
  STEAM_PARTNER_API_KEY: z.string().optional(),
  STEAM_SAMPLE_MINUTES: z.coerce.number().positive().default(5),
  /** Bearer token Prometheus sends to GET /metrics; unset, only loopback callers are answered. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .min(16, "METRICS_TOKEN must be at least 16 characters")
      .regex(/^[\x21-\x7e]+$/, "METRICS_TOKEN must be printable ASCII without spaces")
      .optional(),
  ),
  /** Off: no /metrics and no per-request timing (the bench compares both). */
  METRICS_ENABLED: onOff("METRICS_ENABLED"),
  /**
   * On: webhooks may also go to loopback, private (RFC 1918, ULA) and CGNAT addresses, for a
   * studio's own receivers. Link-local and cloud metadata addresses stay refused either way.
   */
  ALLOW_PRIVATE_TARGETS: onOff("ALLOW_PRIVATE_TARGETS", false),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z
      .enum(
        ["debug", "info", "warn", "error", "silent"],
        "LOG_LEVEL must be debug, info, warn, error or silent",
      )
      .default("info"),
  ),
  /** Unset: pretty when stdout is a terminal, JSON otherwise (a service, a container, a pipe). */
  LOG_FORMAT: z.preprocess(
    emptyAsUnset,
    z.enum(["json", "pretty"], "LOG_FORMAT must be json or pretty").optional(),
  ),
  /** Where the server writes its daily backup; unset, it takes none (`npm run backup` still works). */
  BACKUP_DIR: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  /** Days a daily backup is kept; the newest is always kept. */
  BACKUP_KEEP: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int("BACKUP_KEEP must be a whole number of days")
      .min(1, "BACKUP_KEEP must be at least 1 day")
      .default(7),
  ),
  /** Hours a resumable upload may sit untouched before it and its bytes are removed. */
  UPLOAD_EXPIRY_HOURS: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number("UPLOAD_EXPIRY_HOURS must be a number of hours")
      .positive("UPLOAD_EXPIRY_HOURS must be more than 0 hours")
      .default(24),
  ),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

import { AppError } from "@server/platform/errors";
import { COMMON } from "@shared/messages/common";

// Bun's PostgreSQL client names a lost or refused connection ERR_POSTGRES_CONNECTION_*; the server's
// own SQLSTATEs for the same are class 08 (connection exception) and 57P01-57P03 (shutting down,
// crashed, not yet accepting connections).
const SERVER_CODES = new Set(["57P01", "57P02", "57P03"]);

function codeIsUnavailable(code: unknown): boolean {
  if (typeof code !== "string") return false;
  return (
    code.startsWith("ERR_POSTGRES_CONNECTION") ||
    code === "ERR_POSTGRES_IDLE_TIMEOUT" ||
    code === "ERR_POSTGRES_LIFETIME_TIMEOUT" ||
    SERVER_CODES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    code === "ECONNREFUSED" ||
    code === "ECONNRESET"
  );
}

/** Whether an error (or one it was caused by: drizzle wraps the driver's) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const e = current as Error & { code?: unknown; errno?: unknown; sqlState?: unknown };
    if (codeIsUnavailable(e.code) || codeIsUnavailable(e.errno) || codeIsUnavailable(e.sqlState)) return true;
    current = e.cause;
  }
  return false;
}

/** The 503 a request answers while the database is out of reach. */
export const databaseUnavailable = () => new AppError("SERVICE_UNAVAILABLE", COMMON.databaseUnavailable);

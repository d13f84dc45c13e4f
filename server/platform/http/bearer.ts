import type { Context } from "hono";
import type { AppEnv } from "./env";

/**
 * The token of an `Authorization: Bearer …` header: null without one, or when the header names
 * another scheme (a reverse proxy's Basic sign-in passes through untouched). A Bearer header that is
 * empty or holds more than one word comes back as it is, and fails the token's shape check: 401.
 */
export function readBearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header("authorization");
  if (header === undefined) return null;
  const match = /^\s*bearer(?:\s+|$)(.*)$/is.exec(header);
  return match ? match[1]!.trim() : null;
}

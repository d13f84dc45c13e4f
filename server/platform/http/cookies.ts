import type { CookieJar } from "@server/platform/trpc/init";
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { AppEnv } from "./env";

export const SESSION_COOKIE = "session";

export const readSessionToken = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE);

/**
 * HttpOnly, SameSite=Lax, Path=/; Secure only when the console is served over https.
 * tRPC answers with its own Response, which drops headers set on `c`: there the cookie goes into
 * the adapter's `resHeaders` instead.
 */
export function cookieJar(c: Context<AppEnv>, resHeaders?: Headers): CookieJar {
  const secure = c.var.deps.env.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const options = { httpOnly: true, sameSite: "Lax", path: "/", secure } as const;
  const write = (cookie: string) =>
    resHeaders ? resHeaders.append("Set-Cookie", cookie) : c.header("Set-Cookie", cookie, { append: true });
  return {
    setSession(token, expiresAt) {
      write(generateCookie(SESSION_COOKIE, token, { ...options, expires: new Date(expiresAt) }));
    },
    clearSession() {
      write(generateCookie(SESSION_COOKIE, "", { ...options, maxAge: 0, expires: new Date(0) }));
    },
  };
}

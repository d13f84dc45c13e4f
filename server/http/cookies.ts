import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieJar } from "../trpc/init";
import type { AppEnv } from "./env";

export const SESSION_COOKIE = "session";

export const readSessionToken = (c: Context<AppEnv>) => getCookie(c, SESSION_COOKIE);

/** HttpOnly, SameSite=Lax, Path=/; Secure only when the console is served over https. */
export function cookieJar(c: Context<AppEnv>): CookieJar {
  const secure = c.var.deps.env.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  return {
    setSession(token, expiresAt) {
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        secure,
        expires: new Date(expiresAt),
      });
    },
    clearSession() {
      deleteCookie(c, SESSION_COOKIE, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
    },
  };
}

import { cookieJar } from "@server/platform/http/cookies";
import type { AppEnv } from "@server/platform/http/env";
import { jsonBody, requireUser } from "@server/platform/http/request";
import { changeEmailInput, changeNameInput, changePasswordInput, loginInput } from "@shared/schemas/auth";
import type { Hono } from "hono";
import * as auth from "./auth";

// The /auth/* calls. Each adapter: parse, call the service, answer.
export function authRest(api: Hono<AppEnv>) {
  api.post("/auth/login", async (c) => {
    const input = await jsonBody(c, loginInput);
    const { user, token, session } = await auth.login(c.var.deps, input, c.var.clientAddress);
    cookieJar(c).setSession(token, session.expiresAt);
    return c.json(user);
  });
  api.post("/auth/logout", (c) => {
    if (c.var.session) auth.logout(c.var.deps, c.var.session.id);
    cookieJar(c).clearSession();
    return c.json({ success: true });
  });
  api.get("/auth/me", (c) => c.json(requireUser(c).user));
  api.post("/auth/change-name", async (c) => {
    const { user } = requireUser(c);
    return c.json(auth.changeName(c.var.deps, user, await jsonBody(c, changeNameInput)));
  });
  api.post("/auth/change-email", async (c) => {
    const { user } = requireUser(c);
    const input = await jsonBody(c, changeEmailInput);
    return c.json(await auth.changeEmail(c.var.deps, user, c.var.clientAddress, input));
  });
  api.post("/auth/change-password", async (c) => {
    const { user, session } = requireUser(c);
    const input = await jsonBody(c, changePasswordInput);
    return c.json(await auth.changePassword(c.var.deps, user, session.id, c.var.clientAddress, input));
  });
}

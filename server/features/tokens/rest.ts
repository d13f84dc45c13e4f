import { forbidden } from "@server/platform/errors";
import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, requireUser } from "@server/platform/http/request";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { createApiTokenBody } from "@shared/schemas/api-tokens";
import type { Context, Hono } from "hono";
import * as apiTokens from "./api-tokens";

/** Signed in with a session, not an API token: a leaked token cannot mint more. */
function sessionUser(c: Context<AppEnv>) {
  const { user } = requireUser(c);
  if (c.var.apiTokenId !== null) throw forbidden(API_TOKENS.refusedForTokens);
  return user;
}

// The signed-in user's own API tokens.
export function tokensRest(api: Hono<AppEnv>) {
  api.get("/tokens", (c) => c.json(apiTokens.listApiTokens(c.var.deps, sessionUser(c))));
  api.post("/tokens", async (c) => {
    const user = sessionUser(c);
    const body = await jsonBody(c, createApiTokenBody);
    return c.json(apiTokens.createApiToken(c.var.deps, user, body), 201);
  });
  api.delete("/tokens/:id", (c) => {
    const user = sessionUser(c);
    return c.json(apiTokens.revokeApiToken(c.var.deps, user, idParam(c)));
  });
}

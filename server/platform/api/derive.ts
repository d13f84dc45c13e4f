import { forbidden } from "@server/platform/errors";
import { cookieJar } from "@server/platform/http/cookies";
import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, queryParams, requireUser } from "@server/platform/http/request";
import type { ApiRoute } from "@server/platform/openapi/registry";
import { router } from "@server/platform/trpc/init";
import { API_TOKENS } from "@shared/messages/api-tokens";
import type { Context, Hono } from "hono";
import type { Auth, Call, CallContext, ConsoleCall } from "./call";

// From a feature's declarations to what each transport and the document need. A feature exports
// its declarations as one record; the names are the tRPC procedure names the client calls.

export type Calls = Record<string, Call>;

/**
 * The feature's tRPC router: one procedure per declaration, under the declaration's name. Console
 * calls (no REST side) may sit in the same record; `restRoutes` and `openApiRoutes` never see them.
 */
export function trpcRouter<C extends Record<string, Call | ConsoleCall>>(calls: C) {
  const procedures = Object.fromEntries(Object.entries(calls).map(([name, c]) => [name, c.procedure]));
  return router(procedures as { [K in keyof C]: C[K]["procedure"] });
}

/** Who is calling, refused as the tRPC procedure of the same auth would refuse them. */
function restContext(c: Context<AppEnv>, auth: Auth): CallContext<Auth> {
  const request = { deps: c.var.deps, clientAddress: c.var.clientAddress, cookies: cookieJar(c) };
  if (auth === "public") return { ...request, user: c.var.user, session: c.var.session };
  const { user, session } = requireUser(c);
  // A leaked token cannot reach what only a session may do (minting more tokens).
  if (auth === "session" && c.var.apiTokenId !== null) throw forbidden(API_TOKENS.refusedForTokens);
  return { ...request, user, session };
}

async function restInput(c: Context<AppEnv>, declared: Call): Promise<unknown> {
  const { params = {}, idLabels = {} } = declared.rest;
  const ids = Object.entries(params).map(([name, field]) => [field, idParam(c, name, idLabels[name])]);
  let rest: unknown;
  if (declared.body) rest = await jsonBody(c, declared.body);
  else if (declared.query) rest = queryParams(c, declared.query);
  if (ids.length === 0) return rest;
  return { ...(rest as object | undefined), ...Object.fromEntries(ids) };
}

/** Registers the feature's REST routes: auth, path ids, then the body or query, then the handler. */
export function restRoutes(calls: Calls) {
  return (api: Hono<AppEnv>) => {
    for (const declared of Object.values(calls)) {
      const { method, path } = declared.rest;
      const status = declared.doc.answer.status ?? 200;
      api.on(method.toUpperCase(), path, async (c) => {
        const ctx = restContext(c, declared.restAuth);
        const input = await restInput(c, declared);
        const result = await declared.handler(ctx, input);
        return c.json((declared.rest.reply ? declared.rest.reply(result) : result) as object, status);
      });
    }
  };
}

/** The feature's entries for the API document, in declaration order. */
export function openApiRoutes(calls: Calls): ApiRoute[] {
  return Object.values(calls).map(({ restAuth: auth, rest, doc, body, query }) => ({
    method: rest.method,
    path: rest.path,
    ...(doc.ids ? { ids: doc.ids } : {}),
    summary: doc.summary,
    ...(auth === "public" ? { public: true as const } : {}),
    ...(auth === "session" ? { sessionOnly: true as const } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    answer: doc.answer,
    ...(doc.errors ? { errors: doc.errors } : {}),
  }));
}

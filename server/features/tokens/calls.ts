import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import {
  apiTokenIdInput,
  apiTokenView,
  createApiTokenBody,
  createdApiToken,
  revokedApiToken,
} from "@shared/schemas/api-tokens";
import * as apiTokens from "./api-tokens";

// The signed-in user's own API tokens, each call declared once. Session only: a call signed with a
// token is refused (403), so a leaked token cannot mint more.
export const tokenCalls = {
  list: call({
    auth: "session",
    rest: { method: "get", path: "/tokens" },
    doc: {
      summary: "List my API tokens",
      answer: {
        description: "Each token's id, name, prefix, creation, expiry and last use; never the token.",
        schema: apiTokenView.array(),
      },
      errors: [403],
    },
    handler: ({ deps, user }) => apiTokens.listApiTokens(deps, user),
  }),
  create: call({
    auth: "session",
    input: createApiTokenBody,
    rest: { method: "post", path: "/tokens" },
    doc: {
      summary: "Create an API token (the token is shown once)",
      answer: {
        status: 201,
        description: "`{ id, token, name, prefix, created_at, expires_at, last_used_at }`.",
        schema: createdApiToken,
      },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => apiTokens.createApiToken(deps, user, input),
  }),
  revoke: call({
    auth: "session",
    input: apiTokenIdInput,
    rest: { method: "delete", path: "/tokens/:id", params: { id: "id" } },
    doc: {
      summary: "Revoke an API token",
      answer: { description: "Revoked.", schema: revokedApiToken },
      errors: [403],
    },
    handler: ({ deps, user }, input) => apiTokens.revokeApiToken(deps, user, input.id),
  }),
};

export const tokensRouter = trpcRouter(tokenCalls);
export const tokensRest = restRoutes(tokenCalls);
export const tokensArea = apiArea(
  "API tokens",
  "The signed-in user's personal access tokens.",
  openApiRoutes(tokenCalls),
);

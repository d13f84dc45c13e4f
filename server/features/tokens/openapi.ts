import { apiArea } from "@server/platform/openapi/registry";
import { createApiTokenBody } from "@shared/schemas/api-tokens";

// Session only: a bearer token is refused on these paths (403), so a leaked token cannot mint more.
export const tokensArea = apiArea("API tokens", "The signed-in user's personal access tokens.", [
  {
    method: "get",
    path: "/tokens",
    summary: "List my API tokens",
    sessionOnly: true,
    answer: { description: "Each token's id, name, prefix, creation, expiry and last use; never the token." },
    errors: [403],
  },
  {
    method: "post",
    path: "/tokens",
    summary: "Create an API token (the token is shown once)",
    sessionOnly: true,
    body: createApiTokenBody,
    answer: {
      status: 201,
      description: "`{ id, token, name, prefix, created_at, expires_at, last_used_at }`.",
    },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/tokens/:id",
    summary: "Revoke an API token",
    sessionOnly: true,
    answer: { description: "Revoked." },
    errors: [403],
  },
]);

import { API_TOKENS } from "@shared/messages/api-tokens";
import { z } from "zod";
import { countUpTo, idSchema } from "./ids";
import { safeName } from "./names";

export const API_TOKEN_NAME_MAX = 100;
export const API_TOKEN_EXPIRY_MAX_DAYS = 365;
/** Enough for every script of a person; a bound so a runaway loop cannot fill the table. */
export const API_TOKENS_PER_USER = 50;

export const createApiTokenBody = z
  .object({
    name: safeName(
      z
        .string(API_TOKENS.nameRequired)
        .trim()
        .min(1, API_TOKENS.nameRequired)
        .max(API_TOKEN_NAME_MAX, API_TOKENS.nameTooLong),
    ),
    expires_in_days: countUpTo(API_TOKEN_EXPIRY_MAX_DAYS, API_TOKENS.expiryInvalid).nullish(),
  })
  .strict();
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

export const apiTokenIdInput = z.object({ id: idSchema }).strict();

const msSince1970 = z.number().int().describe("Milliseconds since 1970.");

/** A token as listed: never the token itself, only the prefix it starts with. */
export const apiTokenView = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("The token's first characters, to tell tokens apart."),
  created_at: msSince1970,
  expires_at: msSince1970.nullable().describe("Milliseconds since 1970; null: never expires."),
  last_used_at: msSince1970.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;

/** The answer to a creation: the only time the token is ever sent. */
export const createdApiToken = apiTokenView.extend({
  token: z.string().describe("Shown once: only its hash is stored."),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const revokedApiToken = z.object({ success: z.literal(true), message: z.string() });

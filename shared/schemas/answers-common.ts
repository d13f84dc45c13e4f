import { z } from "zod";

// Answer pieces every area shares.

/** Every refusal: `{ error }`, sometimes with extra fields (a 429 on start adds the limits). */
export const errorAnswer = z
  .object({ error: z.string().describe("What went wrong, in plain words.") })
  .loose();

/** An ISO 8601 time, as every `*_at` field of an answer. */
export const isoTime = z.string().describe("ISO 8601 time");

export const successAnswer = z.object({ success: z.boolean() });
export const idAnswer = z.object({ id: z.number().int() });

import { COMMON } from "@shared/messages/common";
import { z } from "zod";

// Ids and counts are integers, and only integers: `true`, `[1]` or "1" in a JSON body or a procedure
// input is refused, never read as 1. Query strings carry text, so they have their own strict parser.

/** A positive integer id, refused with `message` (one that names the field, where "id" would not). */
export const positiveId = (message: string) =>
  z.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** A positive integer id, as JSON bodies and tRPC inputs send it. */
export const idSchema = positiveId(COMMON.invalid("id"));

/** A whole count from 1 to `max` (days, hours), as JSON bodies and tRPC inputs send it. */
export const countUpTo = (max: number, message: string) =>
  z.number(message).int(message).min(1, message).max(max, message);

/** An integer written in a query string: ASCII digits only, no sign, no exponent, no spaces. */
export const queryInt = (message: string) =>
  z
    .string(message)
    .regex(/^\d{1,15}$/, message)
    .transform(Number);

/** A positive id from a query string. */
export const queryId = (message = COMMON.invalid("id")) => queryInt(message).pipe(idSchema);

/** `1`/`true` or `0`/`false` in a query string; anything else is refused. */
export const queryFlag = (message: string) =>
  z.enum(["1", "true", "0", "false"], message).transform((v) => v === "1" || v === "true");

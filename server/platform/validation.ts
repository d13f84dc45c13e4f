import { COMMON } from "@shared/messages/common";
import type { ZodError, z } from "zod";
import { badRequest } from "./errors";

/**
 * The first issue, readable. Our own messages (the spec's texts) stand alone; zod's generic ones
 * ("Invalid input: expected string…") get the field name in front so the caller knows which.
 */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return COMMON.invalidInput;
  const path = issue.path.join(".");
  const generic = issue.message.startsWith("Invalid") || issue.message.startsWith("Unrecognized");
  return path && generic ? `${path}: ${issue.message}` : issue.message;
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(zodMessage(result.error));
  // After the schema, so a field with rules of its own (names refuse every control character) says so.
  refuseNul(result.data);
  return result.data;
}

/** Whether a string anywhere in a parsed input holds the NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || holdsNul(v, depth + 1));
}

/**
 * No text the console keeps may hold a NUL character: PostgreSQL's text cannot store one (SQLite's
 * can), so it is refused alike on both, before anything is written.
 */
export function refuseNul(data: unknown): void {
  if (holdsNul(data)) throw badRequest(COMMON.nulCharacter);
}

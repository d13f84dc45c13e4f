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
  return result.data;
}

import { badRequest, unauthorized } from "@server/platform/errors";
import { parseInput } from "@server/platform/validation";
import { AUTH } from "@shared/messages/auth";
import { COMMON } from "@shared/messages/common";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./env";

// Helpers that keep REST adapters to a line or two each.

export function requireUser(c: Context<AppEnv>) {
  const user = c.var.user;
  const session = c.var.session;
  if (!user || !session) throw unauthorized(AUTH.authRequired);
  return { user, session };
}

/** Parses the JSON body (empty means `{}`) and validates it with the shared schema. */
export async function jsonBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest(COMMON.malformedJson);
    }
  }
  return parseInput(schema, data);
}

/**
 * A positive integer path parameter, or 400. `label` names what the id stands for in the refusal,
 * where paths share one parameter name for different things (`/media/:id`: a project or a file).
 */
export function idParam(c: Context<AppEnv>, name = "id", label = name): number {
  const raw = c.req.param(name);
  const id = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw badRequest(COMMON.invalid(label));
  return id;
}

export { queryParams } from "./query";

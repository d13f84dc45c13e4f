import { badRequest } from "@server/platform/errors";
import { parseInput } from "@server/platform/validation";
import { COMMON } from "@shared/messages/common";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env";

// Query strings are read strictly: a name given twice is refused rather than quietly taking one of
// the values, so a caller (or a proxy that appends parameters) never acts on a value it did not mean.
// Only a field its schema declares as a list may be repeated.

const listFields = new WeakMap<z.ZodType, Set<string>>();

/** The names a query schema declares as lists (arrays), in any of its either-or branches. */
export function listFieldsOf(schema: z.ZodType): Set<string> {
  const known = listFields.get(schema);
  if (known) return known;
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const branches = (json.anyOf ?? json.oneOf ?? [json]) as Record<string, unknown>[];
  const names = new Set<string>();
  for (const branch of branches) {
    const props = (branch.properties ?? {}) as Record<string, { type?: unknown }>;
    for (const [name, prop] of Object.entries(props)) if (prop.type === "array") names.add(name);
  }
  listFields.set(schema, names);
  return names;
}

/** The first name given more than once that is not in `lists`, or null. */
export function repeatedName(search: URLSearchParams, lists: ReadonlySet<string>): string | null {
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (seen.has(name) && !lists.has(name)) return name;
    seen.add(name);
  }
  return null;
}

/**
 * Refuses a repeated query parameter on every REST path with 400 before any handler runs, so paths
 * that read no query are covered too. `lists` holds the names some path declares as a list; the
 * path's own parse (`queryParams`) then refuses them where that path does not.
 */
export const strictQueries =
  (lists: ReadonlySet<string>, except: (path: string) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!except(c.req.path)) {
      const name = repeatedName(new URL(c.req.url).searchParams, lists);
      if (name !== null) throw badRequest(COMMON.repeatedQuery(name));
    }
    await next();
  };

/** Parses the query with the path's schema: list fields as arrays, every other field given once. */
export function queryParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const lists = listFieldsOf(schema);
  const data: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (lists.has(name)) data[name] = values;
    else if (values.length > 1) throw badRequest(COMMON.repeatedQuery(name));
    else data[name] = values[0]!;
  }
  return parseInput(schema, data);
}

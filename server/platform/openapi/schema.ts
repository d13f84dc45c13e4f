import { z } from "zod";

// zod → JSON Schema 2020-12, the dialect OpenAPI 3.1 uses. Inputs are described as a caller sends
// them (before transforms and defaults), answers as the server writes them.

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // "any": a transform or preprocess step has no JSON Schema; the document then says nothing about
  // that field rather than refusing to build.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

export interface QueryParameter {
  name: string;
  in: "query";
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** A query schema's fields as OpenAPI parameters (an either-or query lists each field as optional). */
export function queryParameters(schema: z.ZodType): QueryParameter[] {
  const json = jsonSchemaOf(schema, "input");
  const branches = (json.anyOf ?? json.oneOf) as JsonSchema[] | undefined;
  const objects = branches ? branches.filter((b) => b.properties) : [json];
  const either = objects.length > 1;
  const seen = new Map<string, QueryParameter>();
  for (const object of objects) {
    const props = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, prop] of Object.entries(props)) {
      if (seen.has(name)) continue;
      const { description, ...fieldSchema } = prop;
      seen.set(name, {
        name,
        in: "query",
        required: !either && required.has(name),
        schema: fieldSchema,
        ...(typeof description === "string" ? { description } : {}),
      });
    }
  }
  return [...seen.values()];
}

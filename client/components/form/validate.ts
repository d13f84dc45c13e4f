import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Runs the shared zod schema the server also uses and keeps the first message per field, so a form
 * shows exactly the text the API would answer.
 */
export function fieldErrors<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "_");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

import { z } from "zod";

// A query string carries text; a call's one input schema wants numbers and booleans, as tRPC and JSON
// bodies send them. So the REST side turns a field's text into the type the schema declares for it,
// and only text that is exactly such a value: ASCII digits (no sign, exponent or spaces, at most 15)
// for a number, `1`/`true`/`0`/`false` for a flag. Anything else reaches the schema as text and is
// refused with the field's own message, so the schema stays strict for both transports.

type Kind = "number" | "boolean" | "numbers" | "booleans";

const DIGITS = /^\d{1,15}$/;
const FLAGS: Record<string, boolean> = { "1": true, true: true, "0": false, false: false };

function kindOf(prop: Record<string, unknown>): Kind | undefined {
  const types = ([] as unknown[]).concat(prop.type ?? []);
  if (types.includes("integer") || types.includes("number")) return "number";
  if (types.includes("boolean")) return "boolean";
  if (types.includes("array") && prop.items && typeof prop.items === "object") {
    const item = kindOf(prop.items as Record<string, unknown>);
    if (item === "number") return "numbers";
    if (item === "boolean") return "booleans";
  }
  return undefined;
}

/** Each field of the schema's input (in any either-or branch) that is not text, with its kind. */
function fieldKinds(schema: z.ZodType): Map<string, Kind> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const branches = (json.anyOf ?? json.oneOf ?? [json]) as Record<string, unknown>[];
  const kinds = new Map<string, Kind>();
  for (const branch of branches) {
    const props = (branch.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, prop] of Object.entries(props)) {
      const kind = kindOf(prop);
      if (kind && !kinds.has(name)) kinds.set(name, kind);
    }
  }
  return kinds;
}

const asNumber = (v: unknown) => (typeof v === "string" && DIGITS.test(v) ? Number(v) : v);
const asFlag = (v: unknown) => (typeof v === "string" && Object.hasOwn(FLAGS, v) ? FLAGS[v] : v);

function fromText(kind: Kind, value: unknown): unknown {
  if (kind === "number") return asNumber(value);
  if (kind === "boolean") return asFlag(value);
  if (!Array.isArray(value)) return value;
  return value.map(kind === "numbers" ? asNumber : asFlag);
}

/**
 * The input schema as REST reads a query: text turned into the schema's numbers and flags first.
 * Its JSON Schema (input side) is the input's own, so the document lists the fields as they are.
 */
export function queryFromStrings(schema: z.ZodType): z.ZodType {
  let kinds: Map<string, Kind> | undefined;
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== "object") return raw;
    kinds ??= fieldKinds(schema);
    const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    for (const [name, kind] of kinds) if (name in out) out[name] = fromText(kind, out[name]);
    return out;
  }, schema);
}

import type { OpenApiDocument } from "@server/platform/openapi/document";
import Ajv2020 from "ajv/dist/2020";

// Checks real answers against the API document's own schemas with a JSON Schema 2020-12 validator,
// the dialect OpenAPI 3.1 uses. The whole document is one schema, so `#/components/...` refs resolve.

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

export function answerChecker(doc: OpenApiDocument) {
  // Not strict: the document holds OpenAPI's own keywords beside the schemas.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc as object, "openapi");
  // biome-ignore lint/suspicious/noExplicitAny: the answer's shape is what this checks, at run time.
  return async function check(method: string, path: string, res: Response): Promise<any> {
    const operation = (doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      path
    ]?.[method];
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    const status = String(res.status);
    const body = await res.json();
    if (!operation.responses[status]) {
      throw new Error(
        `${method} ${path} answered ${status}, which the document does not list: ${JSON.stringify(body)}`,
      );
    }
    const ref = `openapi#/${pointer("paths", path, method, "responses", status, "content", "application/json", "schema")}`;
    const validate = ajv.compile({ $ref: ref });
    if (!validate(body)) {
      throw new Error(
        `${method} ${path} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
      );
    }
    return body;
  };
}

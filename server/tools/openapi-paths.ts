import { API_AREAS } from "@server/api/openapi-routes";
import { buildDocument } from "@server/platform/openapi/document";

// Prints every operation of the OpenAPI document as "METHOD /path", sorted, one a line, so the API
// of two commits (or of a commit and a running console) can be compared with diff.
//
//   bun server/tools/openapi-paths.ts                        the document this checkout builds
//   bun server/tools/openapi-paths.ts http://host/api/openapi.json   a running console's
//   bun server/tools/openapi-paths.ts saved.json             a document saved to a file

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/** "METHOD /path" for every operation of an OpenAPI document, sorted. */
export function operationLines(doc: { paths?: Record<string, object> }): string[] {
  return Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.has(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

async function load(source: string | undefined): Promise<{ paths?: Record<string, object> }> {
  if (!source) return buildDocument(API_AREAS);
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    return res.json();
  }
  return Bun.file(source).json();
}

if (import.meta.main) {
  try {
    const lines = operationLines(await load(process.argv[2]));
    process.stdout.write(`${lines.join("\n")}\n`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
}

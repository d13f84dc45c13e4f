import { Scalar } from "@scalar/hono-api-reference";
import { API_AREAS } from "@server/api/openapi-routes";
import { notFound } from "@server/platform/errors";
import type { AppEnv } from "@server/platform/http/env";
import { pagePolicy } from "@server/platform/http/security-headers";
import { docsBundlePath } from "@server/platform/openapi/docs-bundle";
import { buildDocument, type OpenApiDocument } from "@server/platform/openapi/document";
import { COMMON } from "@shared/messages/common";
import type { Hono } from "hono";
import { NONCE } from "hono/secure-headers";

let built: OpenApiDocument | undefined;
/** Built on first request: the declarations do not change while the server runs. */
const apiDocument = () => {
  built ??= buildDocument(API_AREAS);
  return built;
};

// The API's own description: the OpenAPI document and its reference page. Public, as they say
// nothing about the data. The page's script is served by the console itself, so the page works on
// a console without internet.

export const DOCS_SCRIPT_PATH = "/api/docs/scalar.js";

/**
 * The reference page starts its bundle with one inline script, allowed by a per-answer nonce that
 * Scalar writes onto it. Its styles are injected at run time and set on elements, so styles allow
 * inline (a nonce beside 'unsafe-inline' would switch it off). Nothing loads from elsewhere.
 */
/**
 * Put before the bundle: the zod inside it would probe `new Function`, which the page's policy
 * refuses (and reports as a violation) before zod falls back to the same checks without it.
 */
const ZOD_JITLESS = "(globalThis.__zod_globalConfig??={}).jitless=true;\n";

const docsPolicy = pagePolicy({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", NONCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

export function openApiRest(api: Hono<AppEnv>) {
  api.get("/openapi.json", (c) => c.json(apiDocument()));
  api.get(
    "/docs",
    docsPolicy,
    Scalar((c) => ({
      nonce: c.get("secureHeadersNonce"),
      url: "/api/openapi.json",
      pageTitle: "Stream Console API",
      cdn: DOCS_SCRIPT_PATH,
      theme: "default",
      darkMode: true,
      // Nothing may leave the machine: no web fonts, telemetry, hosted agent or MCP generator.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      hideClientButton: true,
    })),
  );
  api.get("/docs/scalar.js", async () => {
    const bundle = docsBundlePath();
    if (!bundle) throw notFound(COMMON.clientNotBuilt);
    return new Response(new Blob([ZOD_JITLESS, await Bun.file(bundle).bytes()]), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
}

import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { apiDocument } from "../openapi/document";

// The API's own description: the OpenAPI document and its reference page. Public, as they say
// nothing about the data. The page's script is Scalar's standalone bundle from our own install,
// so the page works on a console without internet.

// The package exports no path to its browser bundle; it sits beside the entry point in dist/.
const SCALAR_BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
  "browser",
  "standalone.js",
);
export const DOCS_SCRIPT_PATH = "/api/docs/scalar.js";

export function openApiRest(api: Hono<AppEnv>) {
  api.get("/openapi.json", (c) => c.json(apiDocument()));
  api.get(
    "/docs",
    Scalar({
      url: "/api/openapi.json",
      pageTitle: "Stream Console API",
      cdn: DOCS_SCRIPT_PATH,
      theme: "default",
      darkMode: true,
      // Nothing may leave the machine: no web fonts, no telemetry, no hosted agent, no proxy.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      hideClientButton: true,
    }),
  );
  api.get("/docs/scalar.js", () => {
    return new Response(Bun.file(SCALAR_BUNDLE), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
}

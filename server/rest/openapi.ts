import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import { COMMON } from "../../shared/messages/common";
import { notFound } from "../errors";
import type { AppEnv } from "../http/env";
import { docsBundlePath } from "../openapi/docs-bundle";
import { apiDocument } from "../openapi/document";

// The API's own description: the OpenAPI document and its reference page. Public, as they say
// nothing about the data. The page's script is served by the console itself, so the page works on
// a console without internet.

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
      // Nothing may leave the machine: no web fonts, telemetry, hosted agent or MCP generator.
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      hideClientButton: true,
    }),
  );
  api.get("/docs/scalar.js", () => {
    const bundle = docsBundlePath();
    if (!bundle) throw notFound(COMMON.clientNotBuilt);
    return new Response(Bun.file(bundle), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
    });
  });
}

import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DOCS_BUNDLE_IN_DIST,
  docsBundlePath,
  installedDocsBundle,
} from "@server/platform/openapi/docs-bundle";
import { testApp } from "../../support/server";

// The reference page's script comes from the client build's copy where there is one (the production
// install has no dev dependencies), else from the installed package.

test("the client build's copy wins over the installed package, which serves a checkout without a build", () => {
  const dist = mkdtempSync(join(tmpdir(), "docs-dist-"));
  try {
    expect(installedDocsBundle()).toEndWith(join("browser", "standalone.js"));
    expect(docsBundlePath(dist)).toBe(installedDocsBundle());
    mkdirSync(join(dist, "vendor"));
    writeFileSync(join(dist, DOCS_BUNDLE_IN_DIST), "/* built */");
    expect(docsBundlePath(dist)).toBe(join(dist, DOCS_BUNDLE_IN_DIST));
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

test("the page and its script are served without signing in, and the page loads nothing from elsewhere", async () => {
  const { app } = testApp();
  const page = await app.request("/api/docs");
  expect(page.status).toBe(200);
  const html = await page.text();
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(sources).toEqual(["/api/docs/scalar.js"]);
  expect(html).toContain('"url": "/api/openapi.json"');
  const script = await app.request("/api/docs/scalar.js");
  expect(script.status).toBe(200);
  expect(script.headers.get("content-type")).toStartWith("text/javascript");
  expect((await script.text()).length).toBeGreaterThan(1_000_000);
});

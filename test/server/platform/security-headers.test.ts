import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@server/app";
import { testDeps } from "../../support/server";

// What a browser is told about every answer: no framing by any site, no type sniffing, scripts only
// from the console itself. Before, the pages sent none of it, so any site could frame the console.

const clientDir = mkdtempSync(join(tmpdir(), "client-dist-"));
writeFileSync(join(clientDir, "index.html"), "<!doctype html><div id=root></div>");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const app = createApp(testDeps(), { clientDir });

/** The policy's directives by name. */
function policy(res: Response): Map<string, string[]> {
  const header = res.headers.get("content-security-policy");
  expect(header, `no policy on ${res.url}`).toBeString();
  return new Map(
    header!.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

function expectCommon(res: Response) {
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("same-origin");
  const csp = policy(res);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  return csp;
}

describe("security headers", () => {
  test("the console's pages, a deep route, API answers and errors carry the console's policy", async () => {
    const answers = [
      await app.request("/"),
      await app.request("/projects/12/streaming"),
      await app.request("/api/health"),
      await app.request("/api/projects"), // 401
      await app.request("/api/no-such-path"), // 404
      await app.request("/api/health?a=1&a=2"), // 400
      await app.request("/metrics"),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 400, 401]);
    for (const res of answers) {
      const csp = expectCommon(res);
      // No inline or evaluated script anywhere in the console.
      expect(csp.get("script-src")).toEqual(["'self'"]);
    }
  });

  test("the API reference page has its own policy: its one inline script runs by a fresh nonce", async () => {
    const first = await app.request("/api/docs");
    const second = await app.request("/api/docs");
    expect(first.status).toBe(200);
    const csp = expectCommon(first);
    const scriptSrc = csp.get("script-src")!;
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(policy(second).get("script-src")).not.toContain(`'nonce-${nonce}'`);
  });
});

import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { operationLines } from "@server/tools/openapi-paths";
import { testApp } from "../../support/server";

// The script a reader runs to compare the API of two commits: what it prints is the served
// document's operations, whether it builds the document itself or reads a saved one.

const ROOT = resolve(import.meta.dir, "../../..");
const dir = mkdtempSync(join(tmpdir(), "openapi-paths-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const out = Bun.spawnSync(["bun", "server/tools/openapi-paths.ts", ...args], { cwd: ROOT });
  return { code: out.exitCode, stdout: out.stdout.toString(), stderr: out.stderr.toString() };
}

test("prints the served document's operations as sorted METHOD /path lines", async () => {
  const served = await (await testApp().app.request("/api/openapi.json")).json();
  const expected = Object.entries(served.paths as Record<string, object>)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  const printed = run();
  expect(printed.code).toBe(0);
  expect(printed.stdout).toBe(`${expected.join("\n")}\n`);
  expect(printed.stdout).toContain("POST /destinations/{id}/stream\n");
  writeFileSync(join(dir, "saved.json"), JSON.stringify(served));
  expect(run(join(dir, "saved.json")).stdout).toBe(printed.stdout);
});

test("keeps only methods, sorted, and says why when it cannot read a document", () => {
  expect(
    operationLines({
      paths: { "/b": { post: {}, parameters: [] }, "/a/{id}": { get: {}, delete: {} } },
    }),
  ).toEqual(["DELETE /a/{id}", "GET /a/{id}", "POST /b"]);
  const missing = run(join(dir, "absent.json"));
  expect(missing.code).toBe(1);
  expect(missing.stdout).toBe("");
  expect(missing.stderr).toContain("absent.json");
});

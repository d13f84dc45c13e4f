import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";

// A server file stays small enough to hold one responsibility: past this it is split by what it
// does (see docs/architecture.md), not trimmed.
const MAX_LINES = 250;
const ROOT = join(import.meta.dir, "..", "..", "..");

test(`no server file is over ${MAX_LINES} lines`, () => {
  const over: string[] = [];
  for (const file of new Glob("server/**/*.{ts,tsx}").scanSync(ROOT)) {
    const text = readFileSync(join(ROOT, file), "utf8");
    // As `wc -l` counts: newline characters.
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_LINES) over.push(`${file}: ${lines} lines`);
  }
  expect(over).toEqual([]);
});

test("the count sees the server's files", () => {
  const files = [...new Glob("server/**/*.ts").scanSync(ROOT)];
  expect(files).toContain("server/features/streaming/supervisor.ts");
  expect(files.length).toBeGreaterThan(100);
});

import { expect, test } from "bun:test";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { streamingWorld } from "./streaming-fixtures";

// A crash skips the removal of a playlist stream's list files; the next start removes them before
// it resumes anything, so they never pile up.

test("the start-up reconcile removes list files a previous run left", async () => {
  const w = await streamingWorld();
  const dir = join(w.deps.env.DATA_DIR, "playlists");
  mkdirSync(dir, { recursive: true });
  for (const name of ["stream-7.ffconcat", "stream-7.items.ffconcat", "stream-9.items.ffconcat.x.part"])
    writeFileSync(join(dir, name), "ffconcat version 1.0\n");
  expect(await w.deps.supervisor.reconcile()).toEqual([]);
  expect(readdirSync(dir)).toEqual([]);
});

test("a start without any playlist folder is fine", async () => {
  const w = await streamingWorld();
  expect(await w.deps.supervisor.reconcile()).toEqual([]);
});

import { afterAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { moveIntoLibrary } from "@server/features/media/storage";

const root = mkdtempSync(join(tmpdir(), "console-move-"));
const shared = join(root, "media");
mkdirSync(shared);
// DATA_DIR/media on a mount of its own, as storage shared by nodes is: a tmpfs (mounting needs root).
const asRoot = process.getuid?.() === 0;
if (asRoot) execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", shared]);

afterAll(() => {
  if (asRoot) execFileSync("umount", [shared]);
  rmSync(root, { recursive: true, force: true });
});

describe("an upload moved into the library", () => {
  test.skipIf(!asRoot)(
    "crosses into media on another file system, whole, and leaves no original",
    async () => {
      const from = join(root, "upload.tmp");
      const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
      writeFileSync(from, bytes);
      const to = join(shared, "trailer.mp4");
      await moveIntoLibrary(from, to);
      expect(readFileSync(to).equals(bytes)).toBe(true);
      expect(existsSync(from)).toBe(false);
      expect(existsSync(`${to}.moving`)).toBe(false);
    },
  );

  test("any other failure is not hidden, and leaves the upload where it was", async () => {
    const from = join(root, "kept.tmp");
    writeFileSync(from, "x");
    await expect(moveIntoLibrary(from, join(root, "no-such-folder", "x.mp4"))).rejects.toThrow(/ENOENT/);
    expect(existsSync(from)).toBe(true);
  });
});

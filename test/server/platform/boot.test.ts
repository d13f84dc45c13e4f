import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login } from "@server/features/auth/auth";
import { seedIfEmpty } from "@server/features/users/seed";
import { openDb } from "@server/platform/db/client";
import { organizations, users } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { eq } from "drizzle-orm";
import { testDeps } from "../../support/server";

describe("environment", () => {
  test("defaults apply when nothing is set", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    // Made absolute against the starting folder: ffmpeg's list files must not name relative paths.
    expect(env.DATA_DIR).toBe(join(process.cwd(), "data"));
    expect(env.MAX_UPLOAD_BYTES).toBe(1024 ** 3);
    expect(env.MIN_FREE_DISK_BYTES).toBe(1024 ** 3);
    expect(env.MAX_CONCURRENT_STREAMS).toBeUndefined();
  });

  test("bad values fail fast with one clear line each", () => {
    expect(() => loadEnv({ PORT: "eighty", PUBLIC_ORIGIN: "not a url", ADMIN_PASSWORD: "123" })).toThrow(
      /PORT[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*PORT/,
    );
    expect(() => loadEnv({ PUBLIC_ORIGIN: "nope" })).toThrow(/PUBLIC_ORIGIN/);
    for (const bad of ["-1", "1.5", "lots"]) {
      expect(() => loadEnv({ MIN_FREE_DISK_BYTES: bad })).toThrow(/MIN_FREE_DISK_BYTES/);
    }
    expect(loadEnv({ MIN_FREE_DISK_BYTES: "0" }).MIN_FREE_DISK_BYTES).toBe(0);
  });
});

describe("database and seed", () => {
  test("migrations create the file on disk in WAL mode", () => {
    const dir = mkdtempSync(join(tmpdir(), "console-db-"));
    const { sqlite } = openDb(join(dir, "nested", "console.db"));
    expect(sqlite.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    const tables = sqlite.query("SELECT name FROM sqlite_master WHERE type='table'").all() as {
      name: string;
    }[];
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(["organizations", "users", "sessions", "projects"]),
    );
    sqlite.close();
  });

  test("an empty database gets one organization and one admin who can sign in; a second seed does nothing", async () => {
    const deps = testDeps();
    const first = await seedIfEmpty(deps.db, { adminEmail: "Boss@Example.com", adminPassword: "secret-pw" });
    expect(first).toEqual({ seeded: true, adminEmail: "Boss@Example.com", generatedPassword: undefined });
    expect(await deps.db.select().from(organizations)).toHaveLength(1);
    const admin = (
      await deps.db.select().from(users).where(eq(users.email, "boss@example.com")).limit(1)
    )[0]!;
    expect(admin.role).toBe("admin");
    const signed = await login(deps, { email: "boss@example.com", password: "secret-pw" }, "seed-test");
    expect(signed.user.canCreateProjects).toBe(true);
    expect((await seedIfEmpty(deps.db, { adminEmail: "x@example.com" })).seeded).toBe(false);
    expect(await deps.db.select().from(users)).toHaveLength(1);
  });

  test("without ADMIN_PASSWORD a password is generated, returned once, and works", async () => {
    const deps = testDeps();
    const seed = await seedIfEmpty(deps.db, { adminEmail: "admin@example.com" });
    expect(seed.generatedPassword).toMatch(/^[a-z2-7]{16}$/);
    const signed = await login(
      deps,
      { email: "admin@example.com", password: seed.generatedPassword! },
      "seed-gen",
    );
    expect(signed.user.role).toBe("admin");
  });
});

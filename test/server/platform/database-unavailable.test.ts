import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { dialect } from "@server/platform/db/dialect";
import { isDatabaseUnavailable } from "@server/platform/db/unavailable";
import { loadEnv } from "@server/platform/env";
import { COMMON } from "@shared/messages/common";
import { testApp } from "@test/support/server";
import { SQL } from "bun";

/** A loopback port nothing listens on (taken and released), where a connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const REPO = join(import.meta.dir, "../../..");

describe("a database out of reach", () => {
  test("a refused PostgreSQL connection is told apart from a bad query", async () => {
    const client = new SQL({
      url: `postgres://u:p@127.0.0.1:${await closedPort()}/db`,
      connectionTimeout: 2,
    });
    const refused = await client.unsafe("select 1").catch((e: unknown) => e);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("syntax error at or near"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });

  // The tables handed to drizzle are chosen by the dialect the suite runs on: PostgreSQL's only here.
  test.skipIf(dialect !== "postgres")(
    "a change while PostgreSQL is away answers 503 with a plain error",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "console-away-"));
      const url = `postgres://console:secret@127.0.0.1:${await closedPort()}/console`;
      const deps = createDeps(loadEnv({ DATA_DIR: dir, DATABASE_URL: url }));
      const { call } = testApp(deps);
      const res = await call("/api/auth/login", {
        method: "POST",
        json: { email: "a@example.com", password: "x" },
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: COMMON.databaseUnavailable });
      await deps.closeDb();
    },
  );

  test("a DATABASE_URL that cannot be reached stops the server at start with one clear line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "console-away-"));
    const url = `postgres://console:secret@127.0.0.1:${await closedPort()}/console`;
    const proc = Bun.spawn(["bun", "server/main.ts"], {
      cwd: REPO,
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: url,
        PORT: "0",
        LOG_FORMAT: "pretty",
        NODE_ENV: "production",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect(code).toBe(1);
    const lines = `${out}${err}`.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Cannot reach the database at postgres://console:***@127.0.0.1:");
    expect(lines[0]).not.toContain("secret");
  });
});

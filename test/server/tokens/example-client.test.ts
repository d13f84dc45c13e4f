import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "@server/app";
import { consoleClient, main } from "@server/tools/list-projects";
import { makeOrg, makeProject, makeUser, TEST_PASSWORD, testDeps } from "../../support/server";

// The script example of docs/api.md, run against a real server on a loopback port.
const deps = testDeps();
let server: ReturnType<typeof Bun.serve>;
let url = "";
let managerEmail = "";

beforeAll(async () => {
  const mine = await makeOrg(deps, "Owl Studio");
  const theirs = await makeOrg(deps, "Other Studio");
  const manager = await makeUser(deps, { orgId: mine.id, role: "manager" });
  managerEmail = manager.email;
  await makeProject(deps, { orgId: mine.id, name: "Night Flight" });
  await makeProject(deps, { orgId: mine.id, name: "Dawn Patrol" });
  await makeProject(deps, { orgId: theirs.id, name: "Not Yours" });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(deps).fetch });
  url = `http://127.0.0.1:${server.port}`;
});

afterAll(() => server.stop(true));

describe("server/tools/list-projects.ts", () => {
  test("signs in, keeps the cookie and prints the projects the account may see", async () => {
    const lines: string[] = [];
    const code = await main(
      [],
      { CONSOLE_URL: url, CONSOLE_EMAIL: managerEmail, CONSOLE_PASSWORD: TEST_PASSWORD },
      (l) => lines.push(l),
    );
    expect(code).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d+\tDawn Patrol\tOwl Studio\tmedia 0\tdestinations 0$/);
    expect(lines[1]).toMatch(/^\d+\tNight Flight\tOwl Studio\t/);
    expect(lines[2]).toBe("2 projects");
  });

  test("arguments take the place of the environment; a wrong password fails with the server's message", async () => {
    const lines: string[] = [];
    const code = await main([url, managerEmail, "wrong-password"], {}, (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines).toEqual(["error: Invalid email or password"]);
  });

  test("without a URL, email and password it prints its usage", async () => {
    const lines: string[] = [];
    expect(await main([], {}, (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toStartWith("usage: list-projects");
  });

  test("the session cookie set by auth.login over tRPC is kept, and auth.logout clears it", async () => {
    const client = consoleClient(url);
    await expect(client.projects.list.query()).rejects.toMatchObject({ message: "Authentication required" });
    const user = await client.auth.login.mutate({ email: managerEmail, password: TEST_PASSWORD });
    expect(user.email).toBe(managerEmail);
    expect(await client.auth.me.query()).toMatchObject({ email: managerEmail });
    expect((await client.projects.list.query()).map((p) => p.name)).toEqual(["Dawn Patrol", "Night Flight"]);
    await client.auth.logout.mutate();
    expect(await client.auth.me.query()).toBeNull();
  });
});

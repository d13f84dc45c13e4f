import { expect, test } from "bun:test";
import { createQueryClient, procedureOf } from "@client/app/query-client";

// A change made anywhere shows everywhere: after a successful mutation every cached answer is stale,
// so a project's media count or a renamed organization is read again where it is shown next.

async function runMutation(
  client: ReturnType<typeof createQueryClient>,
  path: string[],
  meta?: Record<string, unknown>,
) {
  await client
    .getMutationCache()
    .build(client, { mutationKey: [path], meta, mutationFn: async () => ({ ok: true }) })
    .execute(undefined);
}

function cachedProject(client: ReturnType<typeof createQueryClient>) {
  const key = [["projects", "get"], { input: { id: 1 }, type: "query" }];
  client.setQueryData(key, { id: 1, media_count: 0 });
  return () => client.getQueryState(key)?.isInvalidated;
}

test("a successful change marks every cached answer stale", async () => {
  const client = createQueryClient();
  const invalidated = cachedProject(client);
  expect(invalidated()).toBe(false);
  await runMutation(client, ["media", "delete"]);
  expect(invalidated()).toBe(true);
});

test("signing in or out leaves the cache alone (the session replaces it)", async () => {
  const client = createQueryClient();
  const invalidated = cachedProject(client);
  await runMutation(client, ["auth", "logout"]);
  await runMutation(client, ["auth", "login"]);
  expect(invalidated()).toBe(false);
});

test("starting a sync leaves the cache alone: its screen reloads after the job ends", async () => {
  const client = createQueryClient();
  const invalidated = cachedProject(client);
  await runMutation(client, ["analytics", "syncFinancialRecent"]);
  expect(invalidated()).toBe(false);
  await runMutation(client, ["projects", "update"]);
  expect(invalidated()).toBe(true);
});

test("a failed change invalidates nothing", async () => {
  const client = createQueryClient();
  const invalidated = cachedProject(client);
  const failing = client.getMutationCache().build(client, {
    mutationKey: [["media", "delete"]],
    mutationFn: async () => {
      throw new Error("refused");
    },
  });
  await failing.execute(undefined).catch(() => {});
  expect(invalidated()).toBe(false);
});

test("the procedure path of a tRPC mutation key", () => {
  expect(procedureOf([["analytics", "syncSteam"]])).toBe("analytics.syncSteam");
  expect(procedureOf(undefined)).toBe("");
  expect(procedureOf(["plain"])).toBe("");
});

import { expect, test } from "bun:test";
import { appIdFromStoreUrl } from "@shared/steam-store-url";
import { makeOrg, makeUser, testApp } from "../../support/server";

// A project created with its Steam store page as URL takes the App ID from it.

test("POST /api/projects keeps the App ID of a store page URL, and only of one", async () => {
  const t = testApp();
  const org = await makeOrg(t.deps);
  const cookie = await t.signIn((await makeUser(t.deps, { orgId: org.id, role: "manager" })).email);
  const create = async (url: string) => {
    const res = await t.call("/api/projects", {
      method: "POST",
      cookie,
      json: { name: `P ${url.length}`, description: "", url, org_id: String(org.id) },
    });
    expect(res.status).toBe(201);
    return (await res.json()).steam_app_id;
  };
  expect(await create("https://store.steampowered.com/app/123456/Starfall/")).toBe(123456);
  expect(await create("https://store.steampowered.com.example.net/app/99/")).toBeNull();
  expect(await create("https://example.com/app/123456/")).toBeNull();
});

test("store page addresses, read strictly", () => {
  expect(appIdFromStoreUrl("https://store.steampowered.com/app/123456")).toBe(123456);
  expect(appIdFromStoreUrl("http://STORE.steampowered.com/app/7/?l=german")).toBe(7);
  expect(appIdFromStoreUrl("https://store.steampowered.com/app/0/")).toBeNull();
  expect(appIdFromStoreUrl("https://store.steampowered.com/app/99999999999/")).toBeNull();
  expect(appIdFromStoreUrl("https://store.steampowered.com/app/12x/")).toBeNull();
  expect(appIdFromStoreUrl("https://store.steampowered.com/bundle/123/")).toBeNull();
  expect(appIdFromStoreUrl(null)).toBeNull();
});

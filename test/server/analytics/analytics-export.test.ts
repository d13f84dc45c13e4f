import { describe, expect, test } from "bun:test";
import { steamReviewDays, steamSales, steamWishlistDays } from "@server/platform/db/schema";
import { enableAnalytics, insertSales, insertSamples, nameApp, saleRow } from "../../support/analytics-rows";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// The analytics export through the real app: file contents, quoting, money, streaming, refusals.

const APP = 2456740;
const NOW = Date.parse("2026-11-20T20:00:00Z");

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const other = await makeOrg(deps);
  const viewer = await makeUser(deps, { orgId: org.id, role: "viewer" });
  const stranger = await makeUser(deps, { orgId: other.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id, name: 'Ünïcode Game: "Deluxe", 2' });
  await enableAnalytics(deps, project.id, APP);
  const t = testApp(deps);
  const cookie = await t.signIn(viewer.email);
  const get = (query: string, as = cookie, id = project.id) =>
    t.call(`/api/analytics/export/${id}?${query}`, { cookie: as });
  return { deps, org, project, viewer, stranger, t, cookie, get };
}

describe("sales export", () => {
  test("CSV: header row, RFC 4180 quoting of names, dollars with two decimals, safe file name", async () => {
    const w = await world();
    await nameApp(w.deps, APP, 'Game, "The"\nSequel');
    await insertSales(w.deps, [
      saleRow(APP, "2026-11-02", {
        grossSalesCents: 1999,
        grossReturnsCents: -1999,
        netSalesCents: 0,
        grossUnitsReturned: -1,
      }),
      saleRow(APP, "2026-11-01", { grossSalesCents: 5, netSalesCents: 5, netTaxCents: 100 }),
      saleRow(APP, "2026-10-31"),
      saleRow(999, "2026-11-01"),
    ]);
    const res = await w.get("kind=sales&from=2026-11-01&to=2026-11-30&format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="unicode-game-deluxe-2-sales-2026-11-01-2026-11-30.csv"',
    );
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "date,primary_app_id,app_id,app_name,package_id,bundle_id,line_item_type,platform,country_code,currency,gross_units_sold,gross_units_returned,gross_units_activated,net_units_sold,gross_sales_usd,gross_returns_usd,net_tax_usd,net_sales_usd",
    );
    // Oldest date first; the other app's row and the day before the range are left out.
    expect(text).toBe(
      [
        lines[0],
        `2026-11-01,${APP},${APP},"Game, ""The""\nSequel",100,,Package,Windows,US,USD,2,0,0,2,0.05,0.00,1.00,0.05`,
        `2026-11-02,${APP},${APP},"Game, ""The""\nSequel",100,,Package,Windows,US,USD,2,-1,0,2,19.99,-19.99,0.00,0.00`,
        "",
      ].join("\r\n"),
    );
  });

  test("JSON: an array of objects with money in integer cents", async () => {
    const w = await world();
    await insertSales(w.deps, [saleRow(APP, "2026-11-01", { grossSalesCents: 123456, netSalesCents: -7 })]);
    const res = await w.get("kind=sales&from=2026-11-01&to=2026-11-01&format=json");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("-sales-2026-11-01-2026-11-01.json");
    const rows = await res.json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: "2026-11-01",
      gross_sales_cents: 123456,
      net_sales_cents: -7,
      app_name: null,
    });
    expect(Object.keys(rows[0])).not.toContain("gross_sales_usd");
    const empty = await w.get("kind=sales&from=2020-01-01&to=2020-01-02&format=json");
    expect(await empty.json()).toEqual([]);
  });

  test("a name that would run as a spreadsheet formula is written as text", async () => {
    const w = await world();
    await nameApp(w.deps, APP, '=HYPERLINK("x")');
    await insertSales(w.deps, [saleRow(APP, "2026-11-01")]);
    const text = await (await w.get("kind=sales&from=2026-11-01&to=2026-11-01")).text();
    expect(text.split("\r\n")[1]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  test("the file streams: its first bytes arrive before the rest is read from the database", async () => {
    const w = await world();
    const rows = Array.from({ length: 6000 }, (_, i) =>
      saleRow(APP, `2026-0${1 + (i % 9)}-15`, { packageId: i }),
    );
    await insertSales(w.deps, rows);
    const res = await w.get("kind=sales&from=2026-01-01&to=2026-12-31");
    expect(res.body).toBeInstanceOf(ReadableStream);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toStartWith("date,primary_app_id");
    // Rows written after the first bytes went out still reach the file: it was not built up front.
    await insertSales(w.deps, [saleRow(APP, "2026-12-31", { packageId: 777777 })]);
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    const body = rest.trimEnd().split("\r\n");
    expect(body.length).toBeGreaterThanOrEqual(6000);
    expect(body.at(-1)).toContain("2026-12-31,2456740,2456740,,777777,");
  });
});

describe("players export", () => {
  test("one row per day with samples: peak, average, sample count", async () => {
    const w = await world();
    await insertSamples(w.deps, APP, [
      ["2026-11-01T00:00:00Z", 10],
      ["2026-11-01T12:00:00Z", 30],
      ["2026-11-01T23:59:59Z", 21],
      ["2026-11-03T05:00:00Z", 7],
      ["2026-11-04T00:00:00Z", 99],
    ]);
    const csv = await (await w.get("kind=players&from=2026-11-01&to=2026-11-03")).text();
    expect(csv).toBe(
      "date,peak_players,average_players,samples\r\n2026-11-01,30,20,3\r\n2026-11-03,7,7,1\r\n",
    );
    const json = await (await w.get("kind=players&from=2026-11-01&to=2026-11-03&format=json")).json();
    expect(json[0]).toEqual({ date: "2026-11-01", peak_players: 30, average_players: 20, samples: 3 });
  });
});

describe("wishlists and reviews export", () => {
  test("wishlists: one row per stored day with the balance counted from the first day; reviews: Steam's words and the percent", async () => {
    const w = await world();
    const day = async (date: string, adds: number, deletes: number, purchases: number) =>
      await w.deps.db
        .insert(steamWishlistDays)
        .values({ appId: APP, date, adds, deletes, purchases, gifts: 0, fetchedAt: NOW });
    await day("2026-10-31", 10, 0, 0);
    await day("2026-11-01", 5, 1, 2);
    await day("2026-11-02", 3, 0, 1);
    const wishlists = await (await w.get("kind=wishlists&from=2026-11-01&to=2026-11-02")).text();
    expect(wishlists).toBe(
      "date,adds,deletes,purchases,gifts,balance\r\n2026-11-01,5,1,2,0,12\r\n2026-11-02,3,0,1,0,14\r\n",
    );
    await w.deps.db.insert(steamReviewDays).values({
      appId: APP,
      date: "2026-11-01",
      scoreDesc: "Very Positive",
      totalPositive: 90,
      totalNegative: 10,
      totalReviews: 100,
      sampledAt: NOW,
    });
    const reviews = await (await w.get("kind=reviews&from=2026-11-01&to=2026-11-02&format=json")).json();
    expect(reviews).toEqual([
      {
        date: "2026-11-01",
        score_description: "Very Positive",
        total_positive: 90,
        total_negative: 10,
        total_reviews: 100,
        percent_positive: 90,
      },
    ]);
  });
});

describe("refusals answer 4xx JSON", () => {
  const bad: [string, string][] = [
    ["kind=refunds&from=2026-11-01&to=2026-11-02", "Choose what to export"],
    ["from=2026-11-01&to=2026-11-02", "Choose what to export"],
    ["kind=sales&from=2026-11-01&to=2026-11-02&format=xlsx", "Choose CSV or JSON"],
    ["kind=sales&from=2026-02-30&to=2026-03-02", "start date must be a real date"],
    ["kind=sales&from=11/01/2026&to=2026-11-02", "start date must be a real date"],
    ["kind=sales&from=2026-11-01", "end date must be a real date"],
    ["kind=sales&from=2026-11-03&to=2026-11-02", "on or before the end date"],
    ["kind=sales&from=2023-01-01&to=2026-01-02", "at most 1096 days"],
  ];
  for (const [query, message] of bad) {
    test(query, async () => {
      const w = await world();
      const res = await w.get(query);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error).toContain(message);
    });
  }

  test("exactly three years is allowed", async () => {
    const w = await world();
    expect((await w.get("kind=players&from=2023-01-02&to=2026-01-01")).status).toBe(200);
  });

  test("a project without an app id, or without financial analytics for sales", async () => {
    const w = await world();
    await enableAnalytics(w.deps, w.project.id, APP, false);
    const off = await w.get("kind=sales&from=2026-11-01&to=2026-11-02");
    expect(off.status).toBe(400);
    expect((await w.get("kind=players&from=2026-11-01&to=2026-11-02")).status).toBe(200);
    await enableAnalytics(w.deps, w.project.id, null);
    const none = await w.get("kind=players&from=2026-11-01&to=2026-11-02");
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe("Set this project's Steam App ID before exporting its analytics.");
  });

  test("another organization's project answers 404; signed out answers 401", async () => {
    const w = await world();
    const strangerCookie = await w.t.signIn(w.stranger.email);
    const res = await w.get("kind=players&from=2026-11-01&to=2026-11-02", strangerCookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("error");
    expect((await w.get("kind=players&from=2026-11-01&to=2026-11-02", "")).status).toBe(401);
    expect((await w.get("kind=players&from=2026-11-01&to=2026-11-02", w.cookie, 999999)).status).toBe(404);
  });
});

describe("the tRPC link procedure", () => {
  test("checks like the download and answers its address and file name", async () => {
    const w = await world();
    const api = await callerFor(w.deps, w.viewer.email);
    const input = { projectId: w.project.id, kind: "players", from: "2026-11-01", to: "2026-11-30" } as const;
    expect(await api.analyticsExport.link({ ...input, format: "json" })).toEqual({
      url: `/api/analytics/export/${w.project.id}?kind=players&from=2026-11-01&to=2026-11-30&format=json`,
      filename: "unicode-game-deluxe-2-players-2026-11-01-2026-11-30.json",
      contentType: "application/json; charset=utf-8",
    });
    await expect(api.analyticsExport.link({ ...input, from: "2026-12-01", format: "csv" })).rejects.toThrow(
      "on or before",
    );
    const stranger = await callerFor(w.deps, w.stranger.email);
    await expect(stranger.analyticsExport.link({ ...input, format: "csv" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await w.deps.db.select().from(steamSales)).toHaveLength(0);
  });
});

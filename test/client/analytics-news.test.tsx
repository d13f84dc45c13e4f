import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { LatestNews } from "@client/pages/project-detail/LatestNews";
import { ANALYTICS } from "@shared/messages/analytics";
import { STEAM_PLAIN } from "@shared/messages/steam";
import { NEWS_LIMIT } from "@shared/schemas/analytics";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TRPCError } from "@trpc/server";
import { DEMO_APP_ID } from "../fakes/steam/catalog";
import { startSteamMsw } from "../fakes/steam/msw";
import { renderWithApp } from "../support/render";
import { analyticsProject, interceptAnalytics } from "./analytics-fixtures";

// Each test renders into a clean document.
afterEach(cleanup);

let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

test("Latest News lists at most 10 Steam articles with their count, and refreshes", async () => {
  const { project, caller } = await analyticsProject({ appId: DEMO_APP_ID });
  // Record each news call's input on its way to the real router.
  const calls: unknown[] = [];
  const wrapped = interceptAnalytics(caller, "news", (call, input) => {
    calls.push(input);
    return call(input);
  });
  renderWithApp(<LatestNews projectId={project.id} />, { caller: wrapped });
  const card = await screen.findByTestId("latest-news");
  const items = await within(card).findAllByTestId("news-item", {}, { timeout: 5000 });
  expect(items.length).toBeGreaterThan(0);
  expect(items.length).toBeLessThanOrEqual(NEWS_LIMIT);
  expect(within(card).getByText(/\d+ articles?$/)).toBeTruthy();
  for (const link of within(card).getAllByRole("link")) expect(link.getAttribute("target")).toBe("_blank");

  expect(calls).toEqual([{ projectId: project.id, limit: NEWS_LIMIT }]);

  // Refresh asks the server to bypass its news cache, and the list stays filled.
  fireEvent.click(within(card).getByRole("button", { name: "Refresh news" }));
  await waitFor(() =>
    expect(calls.at(-1)).toEqual({ projectId: project.id, limit: NEWS_LIMIT, refresh: true }),
  );
  await waitFor(() => expect(within(card).getAllByTestId("news-item").length).toBe(items.length));
});

test("a project without a Steam app reads 'No news articles available'", async () => {
  const { project, caller } = await analyticsProject({ steam: false, appId: null });
  renderWithApp(<LatestNews projectId={project.id} />, { caller });
  expect(await screen.findByText("No news articles available")).toBeTruthy();
  expect(screen.queryAllByTestId("news-item")).toHaveLength(0);
});

test("a failed news load says so with a Retry, not 'No news articles available'", async () => {
  const { project, caller } = await analyticsProject({ appId: DEMO_APP_ID });
  let broken = true;
  const wrapped = interceptAnalytics(caller, "news", (call, input) =>
    broken
      ? Promise.reject(new TRPCError({ code: "BAD_GATEWAY", message: STEAM_PLAIN.unreachable }))
      : call(input),
  );
  renderWithApp(<LatestNews projectId={project.id} />, { caller: wrapped });
  const card = await screen.findByTestId("latest-news");
  const panel = await within(card).findByTestId("load-failed");
  expect(within(panel).getByText(LOAD_FAILED.news)).toBeTruthy();
  expect(within(card).queryByText(ANALYTICS.noNews)).toBeNull();
  expect(within(card).queryAllByTestId("news-item")).toHaveLength(0);
  broken = false;
  fireEvent.click(within(panel).getByRole("button", { name: LOAD_FAILED.retry }));
  expect((await within(card).findAllByTestId("news-item", {}, { timeout: 5000 })).length).toBeGreaterThan(0);
  expect(within(card).queryByTestId("load-failed")).toBeNull();
}, 30_000);

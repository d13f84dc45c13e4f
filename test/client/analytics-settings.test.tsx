import { afterAll, afterEach, beforeAll, expect, mock, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { SteamAnalyticsCard } from "@client/pages/project-settings/SteamAnalyticsCard";
import { projects } from "@server/platform/db/schema";
import { ANALYTICS } from "@shared/messages/analytics";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
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

const realAlert = window.alert;
afterEach(() => {
  window.alert = realAlert;
});

/** The real caller, with every search text recorded on its way to the router. */
function countingSearches(caller: object) {
  const searches: string[] = [];
  const wrapped = interceptAnalytics<{ q: string }>(caller, "search", (call, input) => {
    searches.push(input.q);
    return call(input);
  });
  return { wrapped, searches };
}

const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

test("search waits for 2 characters and 300 ms of quiet; choosing a game swaps the App ID field for a chip", async () => {
  const { deps, project, caller } = await analyticsProject({ steam: false, appId: null });
  const { wrapped, searches } = countingSearches(caller);
  renderWithApp(<SteamAnalyticsCard projectId={project.id} />, { caller: wrapped });

  const box = await screen.findByPlaceholderText("Search for a game by name");
  // No game chosen yet: the manual numeric field is there.
  expect(screen.getByLabelText("Steam App ID")).toBeTruthy();

  type(box, "S");
  await sleep(450);
  expect(searches).toEqual([]);
  expect(screen.queryByRole("listbox")).toBeNull();

  // Keystrokes closer together than 300 ms make one search, for the last text.
  for (const text of ["St", "Sta", "Star"]) {
    type(box, text);
    await sleep(100);
  }
  expect(searches).toEqual([]);
  const list = await screen.findByRole("listbox");
  await waitFor(() => expect(searches).toEqual(["Star"]));
  const option = await within(list).findByText("Starfall Outpost");
  expect(within(list).getByText("2456740")).toBeTruthy();

  fireEvent.click(option);
  // Choosing empties the search box; let its debounce settle inside act.
  await sleep(350);
  const chip = await screen.findByTestId("chosen-game");
  expect(chip.textContent).toContain("Starfall Outpost");
  expect(chip.textContent).toContain("2456740");
  expect(screen.queryByLabelText("Steam App ID")).toBeNull();

  // Clearing the game empties the app id and brings the manual field back.
  fireEvent.click(screen.getByRole("button", { name: "Clear selected game" }));
  const manual = (await screen.findByLabelText("Steam App ID")) as HTMLInputElement;
  expect(manual.value).toBe("");
  expect(screen.queryByTestId("chosen-game")).toBeNull();

  // Only digits reach the manual field; saving sends the integer and the flags.
  type(manual, "62x0");
  expect(manual.value).toBe("620");
  expect(screen.queryByText("Enable Financial Analytics")).toBeNull();
  fireEvent.click(screen.getByRole("checkbox", { name: /Enable Steam Analytics/ }));
  await screen.findByText("Enable Financial Analytics");
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  await waitFor(async () => {
    const row = (await deps.db.select().from(projects).where(eq(projects.id, project.id)).limit(1))[0]!;
    expect(row.steamAppId).toBe(620);
    expect(row.steamAnalyticsEnabled).toBe(true);
    expect(row.financialAnalyticsEnabled).toBe(false);
  });
});

test("clearing the chosen game turns Steam and Financial analytics off; Save never sends analytics without an app", async () => {
  const { deps, project, caller } = await analyticsProject({ steam: true, financial: true });
  let sent = 0;
  const wrapped = interceptAnalytics(caller, "updateSettings", (call, input) => {
    sent++;
    return call(input);
  });
  renderWithApp(<SteamAnalyticsCard projectId={project.id} />, { caller: wrapped });
  type(await screen.findByPlaceholderText("Search for a game by name"), "Star");
  fireEvent.click(await within(await screen.findByRole("listbox")).findByText("Starfall Outpost"));
  await sleep(350);
  await screen.findByTestId("chosen-game");
  expect(screen.getByText("Enable Financial Analytics")).toBeTruthy();
  const steamToggle = () =>
    screen.getByRole("checkbox", { name: /Enable Steam Analytics/ }) as HTMLInputElement;
  expect(steamToggle().checked).toBe(true);

  fireEvent.click(screen.getByRole("button", { name: "Clear selected game" }));
  await waitFor(() => expect(steamToggle().checked).toBe(false));
  expect(screen.queryByText("Enable Financial Analytics")).toBeNull();

  // Switched back on without any app: Save explains at the field and sends nothing.
  fireEvent.click(steamToggle());
  await waitFor(() => expect(steamToggle().checked).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText(ANALYTICS.steamNeedsAppId)).toBeTruthy();
  expect(sent).toBe(0);
  expect(
    (await deps.db.select().from(projects).where(eq(projects.id, project.id)).limit(1))[0]
      ?.steamAnalyticsEnabled,
  ).toBe(true);

  // Turning it off again saves a project without analytics.
  fireEvent.click(steamToggle());
  await waitFor(() => expect(steamToggle().checked).toBe(false));
  expect(screen.queryByText(ANALYTICS.steamNeedsAppId)).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
  await waitFor(async () => {
    const row = (await deps.db.select().from(projects).where(eq(projects.id, project.id)).limit(1))[0]!;
    expect(row).toMatchObject({
      steamAppId: null,
      steamAnalyticsEnabled: false,
      financialAnalyticsEnabled: false,
    });
  });
  await waitFor(() =>
    expect(toaster.getVisibleToasts().map((t) => t.title)).toContain(ANALYTICS.settingsUpdated),
  );
  toaster.remove();
});

test("the API test dialog alerts without an App ID, and lists the server's checks with one", async () => {
  const { project, caller } = await analyticsProject({ steam: true, appId: null });
  renderWithApp(<SteamAnalyticsCard projectId={project.id} />, { caller });
  fireEvent.click(await screen.findByRole("button", { name: /Advanced Testing/ }));
  const dialog = await screen.findByRole("dialog");
  expect(within(dialog).getByText("Steam Financial API Testing")).toBeTruthy();

  const alert = mock((_?: string) => {});
  window.alert = alert as typeof window.alert;
  fireEvent.click(within(dialog).getByRole("button", { name: "Run API Tests" }));
  expect(alert).toHaveBeenCalledWith("Please enter an App ID to test");
  expect(within(dialog).queryByTestId("api-test-results")).toBeNull();

  type(within(dialog).getByLabelText(/Steam App ID/), "2456740");
  fireEvent.click(within(dialog).getByRole("button", { name: "Run API Tests" }));
  const results = await within(dialog).findByTestId("api-test-results", {}, { timeout: 5000 });
  expect(alert).toHaveBeenCalledTimes(1);
  expect(results.children.length).toBeGreaterThan(0);
  // The 403/401/400 hints are always at hand.
  expect(within(dialog).getByText(/^403/)).toBeTruthy();
  expect(within(dialog).getByText(/^401/)).toBeTruthy();
  expect(within(dialog).getByText(/^400/)).toBeTruthy();
});

test("Advanced Testing passes the project's app id to the dialog", async () => {
  const { project, caller } = await analyticsProject({ steam: true, appId: 2456740 });
  renderWithApp(<SteamAnalyticsCard projectId={project.id} />, { caller });
  fireEvent.click(await screen.findByRole("button", { name: /Advanced Testing/ }));
  const dialog = await screen.findByRole("dialog");
  expect((within(dialog).getByLabelText(/Steam App ID/) as HTMLInputElement).value).toBe("2456740");
});

test("a failed search says 'Search failed' with the reason, and shows no dropdown", async () => {
  const { project, caller } = await analyticsProject({ steam: false, appId: null });
  // The store refuses with an HTML page (not retried).
  steam.fake.fault({ path: "storesearch", status: 403, body: "<html>Forbidden</html>" });
  toaster.remove();
  renderWithApp(<SteamAnalyticsCard projectId={project.id} />, { caller });
  fireEvent.change(await screen.findByPlaceholderText("Search for a game by name"), {
    target: { value: "Hollow" },
  });
  await waitFor(() => expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(["Search failed"]), {
    timeout: 4000,
  });
  expect(String(toaster.getVisibleToasts()[0]!.description)).not.toBe("");
  expect(screen.queryAllByRole("option")).toHaveLength(0);
  steam.reset();
}, 15_000);

import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { AdminControls } from "@client/pages/dashboard/AdminControls";
import { SYNC_NOTE_MS } from "@shared/schemas/analytics";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { steamTestDeps } from "../fakes/steam/deps";
import { startSteamMsw } from "../fakes/steam/msw";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser } from "../support/server";
import { interceptAnalytics } from "./analytics-fixtures";

// Each test renders into a clean document.
afterEach(cleanup);

let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

// The note timers (10 s / 15 s) are caught instead of waited for; every other timer runs normally.
const realSetTimeout = globalThis.setTimeout;
let noteTimers: { fn: () => void; ms: number }[] = [];
function catchNoteTimers() {
  noteTimers = [];
  const watched = new Set<number>([SYNC_NOTE_MS.yearly, SYNC_NOTE_MS.other]);
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms !== undefined && watched.has(ms)) {
      noteTimers.push({ fn, ms });
      return 0;
    }
    return realSetTimeout(fn, ms, ...rest);
  }) as typeof setTimeout;
}
afterEach(() => {
  globalThis.setTimeout = realSetTimeout;
});

/** The real caller, with syncAllApps held until the test releases it. */
function gated(caller: object) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const wrapped = interceptAnalytics(caller, "syncAllApps", async (call, input) => {
    await gate;
    return call(input);
  });
  return { caller: wrapped, release: () => release() };
}

async function adminCaller() {
  const deps = steamTestDeps();
  const admin = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "admin" });
  return callerFor(deps, admin.email);
}

const buttons = () =>
  ["Sync Recent (2 days)", "Sync Monthly (30 days)", "Sync Yearly (52 weeks)", "Syncing..."]
    .map((name) => screen.queryByRole("button", { name }))
    .filter(Boolean) as HTMLButtonElement[];

test("a running preset reads Syncing..., all three are disabled, and the monthly note clears after 10 s", async () => {
  catchNoteTimers();
  const { caller, release } = gated(await adminCaller());
  renderWithApp(<AdminControls />, { caller });
  screen.getByText("System Maintenance");
  screen.getByText("Analytics Export");
  expect(screen.getAllByText("Coming Soon")).toHaveLength(2);

  fireEvent.click(screen.getByRole("button", { name: "Sync Monthly (30 days)" }));
  await screen.findByRole("button", { name: "Syncing..." });
  expect(screen.queryByRole("button", { name: "Sync Monthly (30 days)" })).toBeNull();
  const during = buttons();
  expect(during).toHaveLength(3);
  for (const b of during) expect(b.disabled).toBe(true);

  release();
  const note = await screen.findByTestId("sync-note", {}, { timeout: 8000 });
  expect(note.textContent).toContain("Monthly Data Sync Completed");
  expect(note.textContent).toMatch(/Updated \d+\/\d+ apps successfully/);
  for (const b of buttons()) expect(b.disabled).toBe(false);
  expect(screen.queryByText("Syncing...")).toBeNull();

  expect(noteTimers.map((t) => t.ms)).toEqual([SYNC_NOTE_MS.other]);
  act(() => noteTimers[0]!.fn());
  await waitFor(() => expect(screen.queryByTestId("sync-note")).toBeNull());
});

test("the three sync presets look alike: none looks pre-selected", async () => {
  renderWithApp(<AdminControls />, { caller: await adminCaller() });
  const presets = await waitFor(() => {
    const found = buttons();
    expect(found).toHaveLength(3);
    return found;
  });
  // Same styles, same generated class: no solid one among outlined ones.
  expect(new Set(presets.map((b) => b.className)).size).toBe(1);
});

test("the yearly note reads weekly chunks and stays 15 s", async () => {
  catchNoteTimers();
  renderWithApp(<AdminControls />, { caller: await adminCaller() });
  fireEvent.click(screen.getByRole("button", { name: "Sync Yearly (52 weeks)" }));
  const note = await screen.findByTestId("sync-note", {}, { timeout: 8000 });
  expect(note.textContent).toContain("Yearly Data Sync Completed");
  expect(note.textContent).toMatch(/Processed \d+\/\d+ apps with weekly chunks/);
  expect(noteTimers.map((t) => t.ms)).toEqual([SYNC_NOTE_MS.yearly]);
});

test("a refused sync shows Financial Sync Failed with the server's reason", async () => {
  catchNoteTimers();
  const deps = steamTestDeps();
  const dev = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "developer" });
  renderWithApp(<AdminControls />, { caller: await callerFor(deps, dev.email) });
  fireEvent.click(screen.getByRole("button", { name: "Sync Recent (2 days)" }));
  const note = await screen.findByTestId("sync-note");
  expect(note.textContent).toContain("Financial Sync Failed");
  expect(note.textContent).not.toContain("Recent Data Sync Completed");
  expect(noteTimers.map((t) => t.ms)).toEqual([SYNC_NOTE_MS.other]);
});

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeCurrentProject } from "@client/app/current-project";
import DashboardPage from "@client/pages/dashboard/DashboardPage";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { insertSample } from "@server/features/health/sample-store";
import { endRun, openIntent, startRun } from "@server/features/streaming/uptime-store";
import { destinations, streams } from "@server/platform/db/schema";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The uptime line on destination cards, the health chart in an opened history row and the lowest
// uptime on the dashboard, each over a real database through the real procedures.

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  writeCurrentProject(null);
});

const NOW = Date.now();
const HOUR = 3600_000;

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id, name: "Moonlight Trailer" });
  const dest = async (name: string) =>
    (
      await deps.db
        .insert(destinations)
        .values({ projectId: project.id, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1:1935/live" })
        .returning()
    )[0]!;
  const steady = await dest("Steady");
  const shaky = await dest("Shaky");
  const unused = await dest("Unused");
  const stream = async (destinationId: number) =>
    (
      await deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          destinationId,
          mediaName: "trailer.mp4",
          destinationName: "d",
          destinationType: "custom",
          status: "stopped",
          startedAt: NOW - 20 * HOUR,
          stoppedAt: NOW - HOUR,
        })
        .returning()
    )[0]!;
  const a = await stream(steady.id);
  const b = await stream(shaky.id);
  // Steady: wanted and live 20 h. Shaky: wanted 20 h, live the first 10 h only (10 h outage).
  for (const [d, s, liveHours] of [
    [steady.id, a.id, 20],
    [shaky.id, b.id, 10],
  ] as const) {
    await openIntent(deps.db, d, "user", NOW - 20 * HOUR);
    await startRun(deps.db, s, NOW - 20 * HOUR);
    await endRun(deps.db, s, NOW - (20 - liveHours) * HOUR, { failed: liveHours < 20 });
  }
  return { deps, user, project, steady, shaky, unused, a, b };
}

async function addSamples(deps: AppDeps, streamId: number) {
  for (let i = 0; i < 30; i++)
    await insertSample(deps.db, streamId, NOW - 2 * HOUR + i * 10_000, {
      bitrateKbps: 2400 + (i % 5) * 20,
      fps: i === 12 ? 24 : 30,
      speed: 1,
      dropped: i === 12 ? 6 : 0,
      dup: 0,
    });
}

describe("uptime and health on screen", () => {
  test("each destination card shows its uptime over 24 h and 7 d, a dash when nothing was wanted", async () => {
    const w = await world();
    writeCurrentProject(w.project.id);
    renderWithApp(<StreamingPage />, { caller: await callerFor(w.deps, w.user.email) });
    await waitFor(() => expect(screen.getByTestId(`uptime-${w.shaky.id}`)).toBeTruthy());
    expect(screen.getByTestId(`uptime-${w.steady.id}`).textContent).toBe("Uptime 24 h 100.0% · 7 d 100.0%");
    expect(screen.getByTestId(`uptime-${w.shaky.id}`).textContent).toBe("Uptime 24 h 50.0% · 7 d 50.0%");
    expect(screen.getByTestId(`uptime-${w.unused.id}`).textContent).toBe("Uptime 24 h — · 7 d —");
  });

  test("an opened history row shows the stream's health chart, or says there are no samples", async () => {
    const w = await world();
    await addSamples(w.deps, w.a.id);
    writeCurrentProject(w.project.id);
    renderWithApp(<StreamingPage />, { caller: await callerFor(w.deps, w.user.email) });
    const open = async (id: number) => {
      const row = await screen.findByTestId(`history-${id}`);
      fireEvent.click(row.querySelector("[aria-expanded]") as Element);
    };
    await open(w.a.id);
    await waitFor(() => expect(screen.getByTestId("health-chart")).toBeTruthy(), { timeout: 5000 });
    await open(w.b.id);
    await waitFor(() =>
      expect(screen.getByTestId(`health-${w.b.id}`).textContent).toContain("No health samples"),
    );
  });

  test("the dashboard names the destination with the lowest 7-day uptime", async () => {
    const w = await world();
    renderWithApp(<DashboardPage />, { caller: await callerFor(w.deps, w.user.email) });
    await waitFor(() => expect(screen.getByTestId("worst-uptime")).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByTestId("worst-uptime").textContent).toBe(
      "Lowest uptime (7 d)50.0% · Shaky (Moonlight Trailer)",
    );
  });
});

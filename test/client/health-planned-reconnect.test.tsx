import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { writeCurrentProject } from "@client/app/current-project";
import { HEALTH_UI } from "@client/messages/health-ui";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import { insertSample } from "@server/features/health/sample-store";
import { endRun, startRun } from "@server/features/streaming/uptime-store";
import { destinations, streams } from "@server/platform/db/schema";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The health chart of an opened history row marks a planned reconnect as planned (a dashed line,
// labelled, named in the key), and marks nothing where a run failed. Real procedures, real database.

// happy-dom lays nothing out, so recharts would measure its container as 0 px wide and draw no chart:
// the container is given a size. recharts then re-renders from its resize observer outside act(), which
// React would report as a console.error (a failure here); every assertion waits for what it expects.
type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: unknown };
const realRect = Element.prototype.getBoundingClientRect;
let actFlag: unknown;
beforeAll(() => {
  actFlag = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (!this.classList.contains("recharts-responsive-container")) return realRect.call(this);
    return { width: 600, height: 140, top: 0, left: 0, right: 600, bottom: 140, x: 0, y: 0 } as DOMRect;
  };
});
afterAll(() => {
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = actFlag;
  Element.prototype.getBoundingClientRect = realRect;
});
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
  const dest = (
    await deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Ingest",
        type: "custom",
        rtmpUrl: "rtmp://127.0.0.1:1935/live",
      })
      .returning()
  )[0]!;
  const stream = async () =>
    (
      await deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          destinationId: dest.id,
          mediaName: "trailer.mp4",
          destinationName: "Ingest",
          destinationType: "custom",
          status: "stopped",
          startedAt: NOW - 3 * HOUR,
          stoppedAt: NOW - HOUR,
        })
        .returning()
    )[0]!;
  const planned = await stream();
  const failed = await stream();
  for (const s of [planned, failed])
    for (let i = 0; i < 30; i++)
      await insertSample(deps.db, s.id, NOW - 2 * HOUR + i * 10_000, {
        bitrateKbps: 2400,
        fps: 30,
        speed: 1,
        dropped: 0,
        dup: 0,
      });
  // Both runs end in the middle of the samples: one at its planned reconnect, one in a failure.
  const mid = NOW - 2 * HOUR + 150_000;
  await startRun(deps.db, planned.id, NOW - 3 * HOUR);
  await endRun(deps.db, planned.id, mid, { failed: false, planned: true });
  await startRun(deps.db, failed.id, NOW - 3 * HOUR);
  await endRun(deps.db, failed.id, mid, { failed: true });
  return { deps, user, project, planned, failed };
}

describe("planned reconnects on the health chart", () => {
  test("a planned reconnect is a labelled mark; a failure leaves none", async () => {
    const w = await world();
    writeCurrentProject(w.project.id);
    renderWithApp(<StreamingPage />, { caller: await callerFor(w.deps, w.user.email) });
    const chartOf = async (id: number) => {
      const row = await screen.findByTestId(`history-${id}`);
      fireEvent.click(row.querySelector("[aria-expanded]") as Element);
      const timeline = () => screen.getByTestId(`health-${id}`);
      await waitFor(() => expect(timeline().querySelector(".recharts-line")).toBeTruthy(), { timeout: 5000 });
      return timeline();
    };
    const planned = await chartOf(w.planned.id);
    await waitFor(() => expect(planned.querySelectorAll(".planned-reconnect line")).toHaveLength(1));
    const labels = [...planned.querySelectorAll("svg .recharts-label")].map((t) => t.textContent);
    expect(labels).toEqual([HEALTH_UI.plannedReconnect]);
    // The key names the mark and says what it means.
    const key = within(planned).getByText(HEALTH_UI.plannedReconnect, { selector: "p" });
    expect(key.parentElement?.getAttribute("title")).toBe(HEALTH_UI.plannedReconnectHint);

    const failed = await chartOf(w.failed.id);
    expect(failed.querySelectorAll(".planned-reconnect")).toHaveLength(0);
    expect(failed.textContent).not.toContain(HEALTH_UI.plannedReconnect);
  });
});

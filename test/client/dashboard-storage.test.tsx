import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import DashboardPage from "@client/pages/dashboard/DashboardPage";
import type { AppDeps } from "@server/deps";
import { mediaFiles } from "@server/platform/db/schema";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { cleanup, screen, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The dashboard's storage panel: the disk media takes, in total and per project the user may see.

setDefaultTimeout(30_000);
afterEach(cleanup);

const MB = 1024 ** 2;

async function file(deps: AppDeps, projectId: number, bytes: number) {
  await deps.db.insert(mediaFiles).values({
    projectId,
    originalName: "clip.mp4",
    storedName: `${crypto.randomUUID()}.mp4`,
    mimeType: "video/mp4",
    fileSize: bytes,
    kind: "video",
  });
}

async function world(role: "admin" | "viewer") {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const other = await makeOrg(deps, "Elsewhere");
  const user = await makeUser(deps, { orgId: org.id, role });
  const small = await makeProject(deps, { orgId: org.id, name: "Small Game" });
  const big = await makeProject(deps, { orgId: org.id, name: "Big Game" });
  const theirs = await makeProject(deps, { orgId: other.id, name: "Their Game" });
  await makeProject(deps, { orgId: org.id, name: "Empty Game" });
  await file(deps, small.id, 2 * MB);
  await file(deps, big.id, 30 * MB);
  await file(deps, big.id, 10 * MB);
  await file(deps, theirs.id, 500 * MB);
  return { deps, small, big, theirs, caller: await callerFor(deps, user.email) };
}

const panelProjects = (panel: HTMLElement) =>
  [...panel.querySelectorAll("[data-testid^=storage-project-]")].map((p) => p.getAttribute("data-testid"));

describe("dashboard storage", () => {
  test("nothing stored yet says so", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
    await makeProject(deps, { orgId: org.id, name: "Empty Game" });
    renderWithApp(<DashboardPage />, { caller: await callerFor(deps, user.email) });
    const panel = await screen.findByTestId("storage-panel");
    expect(within(panel).getByText(MEDIA_LIBRARY.storageNothingStored)).toBeTruthy();
    expect(within(panel).getByTestId("storage-total").textContent).toBe(
      `${MEDIA_LIBRARY.storageTotal}: 0 Bytes`,
    );
  });

  test("a viewer sees their organization's projects, largest first, with the total", async () => {
    const w = await world("viewer");
    renderWithApp(<DashboardPage />, { caller: w.caller });
    const panel = await screen.findByTestId("storage-panel");
    expect(within(panel).getByText(MEDIA_LIBRARY.storageByProject)).toBeTruthy();
    expect(within(panel).getByTestId("storage-total").textContent).toBe(
      `${MEDIA_LIBRARY.storageTotal}: 42.00 MB`,
    );
    expect(panelProjects(panel)).toEqual([`storage-project-${w.big.id}`, `storage-project-${w.small.id}`]);
    const big = within(panel).getByTestId(`storage-project-${w.big.id}`);
    expect(within(big).getByText("40.00 MB")).toBeTruthy();
    expect(within(big).getByText(MEDIA_LIBRARY.storageBreakdown(2, "40.00 MB", "0 Bytes"))).toBeTruthy();
    expect(within(panel).queryByText("Their Game")).toBeNull();
    // A project without files takes no room and is not listed.
    expect(within(panel).queryByText("Empty Game")).toBeNull();
  });

  test("an admin sees every project and the sum of all", async () => {
    const w = await world("admin");
    renderWithApp(<DashboardPage />, { caller: w.caller });
    const panel = await screen.findByTestId("storage-panel");
    expect(within(panel).getByTestId("storage-total").textContent).toBe(
      `${MEDIA_LIBRARY.storageTotal}: 542.00 MB`,
    );
    expect(panelProjects(panel)).toEqual([
      `storage-project-${w.theirs.id}`,
      `storage-project-${w.big.id}`,
      `storage-project-${w.small.id}`,
    ]);
  });
});

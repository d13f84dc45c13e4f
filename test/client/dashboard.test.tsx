import { afterEach, describe, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { readCurrentProject, writeCurrentProject } from "@client/app/current-project";
import { DASHBOARD } from "@client/messages/dashboard";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import DashboardPage from "@client/pages/dashboard/DashboardPage";
import { SystemStatusPanel } from "@client/pages/dashboard/SystemStatusPanel";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { destinations, mediaFiles, projects, streams } from "@server/platform/db/schema";
import { ANALYTICS } from "@shared/messages/analytics";
import { STREAMING } from "@shared/messages/streaming";
import type { SystemInfo } from "@shared/schemas/streaming";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { Route } from "react-router-dom";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(cleanup);

async function setup(role: "admin" | "manager" | "developer" | "viewer", env: Record<string, string> = {}) {
  const deps = testDeps(env);
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role, name: "Rosa Diaz" });
  const caller = await callerFor(deps, user.email);
  return { deps, org, user, caller };
}

async function liveStreams(
  deps: AppDeps,
  projectId: number,
  n: number,
  status: "running" | "error" = "running",
) {
  for (let i = 0; i < n; i++) {
    await deps.db.insert(streams).values({
      projectId,
      mediaName: `clip-${i}.mp4`,
      destinationName: `Dest ${i}`,
      destinationType: "custom",
      status,
    });
  }
}

type MachineSystem = Extract<SystemInfo, { scope: "system" }>["system"];

function panel(info: Partial<MachineSystem>, failed = 0) {
  const system = {
    currentStreams: 0,
    maxStreams: null,
    utilizationPercent: 0,
    cpuPercent: 0,
    memoryUsage: { rss: 0 },
    ...info,
  };
  return render(
    <ChakraProvider value={defaultSystem}>
      <SystemStatusPanel
        info={{
          scope: "system",
          system,
          statistics: { total_streams_today: 4, error_streams_today: failed },
        }}
      />
    </ChakraProvider>,
  );
}

describe("System Status", () => {
  test("the capacity bar's colour: red above 80 %, yellow above 60 %, else green", () => {
    const cases: [number, string][] = [
      [95, "red"],
      [80.5, "red"],
      [80, "yellow"],
      [61, "yellow"],
      [60, "green"],
      [10, "green"],
    ];
    for (const [percent, colour] of cases) {
      panel({ currentStreams: 1, maxStreams: 10, utilizationPercent: percent });
      expect(screen.getByTestId("capacity-bar").getAttribute("data-palette")).toBe(colour);
      cleanup();
    }
  });

  test("no bar when the maximum is unlimited; figures in their units", () => {
    panel({
      currentStreams: 3,
      maxStreams: null,
      cpuPercent: 12.345,
      memoryUsage: { rss: 150 * 1024 * 1024 },
    });
    expect(screen.queryByTestId("capacity-bar")).toBeNull();
    expect(screen.getByText("3/∞")).toBeTruthy();
    expect(screen.getByText("12.3%")).toBeTruthy();
    expect(screen.getByText("150.0 MB")).toBeTruthy();
    expect(screen.getByText("4")).toBeTruthy();
    expect(screen.queryByTestId("failed-today")).toBeNull();
  });

  test("other roles see their own streams, never the machine's CPU, memory or limit", async () => {
    const { deps, org, caller } = await setup("developer", { MAX_CONCURRENT_STREAMS: "10" });
    const mine = await makeProject(deps, { orgId: org.id });
    const other = await makeProject(deps, { orgId: (await makeOrg(deps, "Elsewhere")).id });
    await liveStreams(deps, mine.id, 2);
    await liveStreams(deps, other.id, 5);
    renderWithApp(<DashboardPage />, { caller });
    const own = await screen.findByTestId("own-figures");
    expect(within(own).getByText(DASHBOARD.yourActiveStreams).nextSibling?.textContent).toBe("2");
    const status = screen.getByTestId("system-status");
    for (const label of [DASHBOARD.cpuUsage, DASHBOARD.memory])
      expect(within(status).queryByText(label)).toBeNull();
    expect(within(status).queryByText(/\/10|MB|%/)).toBeNull();
    expect(screen.queryByTestId("capacity-bar")).toBeNull();
  });

  test("a warning line when streams failed today", () => {
    panel({}, 2);
    expect(screen.getByTestId("failed-today").textContent).toBe(DASHBOARD.failedTodayWarning(2));
  });
});

describe("Dashboard", () => {
  test("an admin sees the system overview, the extra cards, the limit and Admin Controls", async () => {
    const { deps, org, caller } = await setup("admin", { MAX_CONCURRENT_STREAMS: "10" });
    const p = await makeProject(deps, { orgId: org.id });
    await liveStreams(deps, p.id, 9);
    renderWithApp(<DashboardPage />, { caller });
    expect(await screen.findByText(DASHBOARD.subtitleAdmin)).toBeTruthy();
    expect(await screen.findByText("9/10")).toBeTruthy();
    expect(screen.getByTestId("capacity-bar").getAttribute("data-palette")).toBe("red");
    const cards = await screen.findByTestId("stat-cards");
    for (const label of [
      DASHBOARD.totalProjects,
      DASHBOARD.totalUsers,
      DASHBOARD.organizations,
      DASHBOARD.streamsToday,
    ]) {
      expect(within(cards).getByText(label)).toBeTruthy();
    }
    expect(within(cards).queryByText(DASHBOARD.yourProjects)).toBeNull();
    expect(screen.getByTestId("admin-controls")).toBeTruthy();
    expect(screen.getByText(ANALYTICS.syncRecent)).toBeTruthy();
  });

  test("others see their project overview without admin cards or controls", async () => {
    const { deps, org, caller } = await setup("developer");
    await makeProject(deps, { orgId: org.id });
    renderWithApp(<DashboardPage />, { caller });
    expect(await screen.findByText(DASHBOARD.subtitleOther)).toBeTruthy();
    const cards = await screen.findByTestId("stat-cards");
    expect(within(cards).getByText(DASHBOARD.yourProjects)).toBeTruthy();
    for (const label of [
      DASHBOARD.totalProjects,
      DASHBOARD.totalUsers,
      DASHBOARD.organizations,
      DASHBOARD.streamsToday,
    ]) {
      expect(within(cards).queryByText(label)).toBeNull();
    }
    expect(screen.queryByTestId("admin-controls")).toBeNull();
    // Their own count, without the server's limit.
    expect(await screen.findByTestId("own-figures")).toBeTruthy();
    expect(screen.queryByText("0/∞")).toBeNull();
    expect(screen.queryByTestId("capacity-bar")).toBeNull();
  });

  test("projects: at most 6, with description fallback, counts, age and links", async () => {
    const { deps, org, caller } = await setup("developer");
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeProject(deps, { orgId: org.id, name: `Game ${i}` }));
    // Newest first: the oldest one is the seventh and is left out.
    const first = made[6]!;
    await deps.db
      .update(projects)
      .set({ description: "A cosy farming sim" })
      .where(eq(projects.id, first.id));
    await deps.db
      .insert(destinations)
      .values({ projectId: first.id, name: "Steam", rtmpUrl: "rtmp://127.0.0.1/live" });
    await deps.db.insert(mediaFiles).values({
      projectId: first.id,
      originalName: "t.mp4",
      storedName: "t.mp4",
      mimeType: "video/mp4",
      fileSize: 1,
      kind: "video",
    });
    renderWithApp(<DashboardPage />, { caller });
    await screen.findByTestId(`dashboard-project-${first.id}`);
    expect(screen.getAllByTestId(/^dashboard-project-/)).toHaveLength(6);
    expect(screen.queryByText("Game 0")).toBeNull();
    const card = screen.getByTestId(`dashboard-project-${first.id}`);
    expect(within(card).getByText("A cosy farming sim")).toBeTruthy();
    expect(within(card).getByText("1 media")).toBeTruthy();
    expect(within(card).getByText("1 destinations")).toBeTruthy();
    expect(within(card).getByText("Pixel Forge · Just now")).toBeTruthy();
    const other = screen.getByTestId(`dashboard-project-${made[5]!.id}`);
    expect(within(other).getByText(DASHBOARD.noDescription)).toBeTruthy();
    expect(within(card).getByText(DASHBOARD.manage).getAttribute("href")).toBe("/projects");
    expect(within(card).getByText(DASHBOARD.stream).getAttribute("href")).toBe("/streaming");
  });

  test("each card's Stream link opens that card's project, whichever project was current", async () => {
    const { deps, org, caller } = await setup("developer");
    const first = await makeProject(deps, { orgId: org.id, name: "First Light" });
    const second = await makeProject(deps, { orgId: org.id, name: "Second Wind" });
    writeCurrentProject(first.id);
    renderWithApp(<DashboardPage />, {
      caller,
      path: "/dashboard",
      route: "/dashboard",
      extraRoutes: <Route path="/streaming" element={<StreamingPage />} />,
    });
    const card = await screen.findByTestId(`dashboard-project-${second.id}`);
    fireEvent.click(within(card).getByText(DASHBOARD.stream));
    expect(await screen.findByText(STREAMING.managingFor("Second Wind"))).toBeTruthy();
    expect(readCurrentProject()).toBe(second.id);
    cleanup();
    writeCurrentProject(null);
  });

  test("no projects and no activity: the empty states", async () => {
    const { caller } = await setup("manager");
    renderWithApp(<DashboardPage />, { caller });
    expect(await screen.findByText(DASHBOARD.noProjects)).toBeTruthy();
    expect(screen.getByText(DASHBOARD.createFirstProject).getAttribute("href")).toBe("/projects");
    expect(await screen.findByText(DASHBOARD.noActivity)).toBeTruthy();
  });

  test("a role that may not create projects is not invited to create one", async () => {
    for (const role of ["developer", "viewer"] as const) {
      const { caller } = await setup(role);
      renderWithApp(<DashboardPage />, { caller });
      expect(await screen.findByText(DASHBOARD.noProjects)).toBeTruthy();
      expect(screen.queryByText(DASHBOARD.createFirstProject)).toBeNull();
      expect(screen.getByText(PROJECTS_UI.emptyCannotCreate)).toBeTruthy();
      cleanup();
    }
  });

  test("recent activity reads 'Stream: media → destination' or 'Media uploaded' lines with badge, project, user and relative time", async () => {
    const { deps, org, user, caller } = await setup("developer");
    const p = await makeProject(deps, { orgId: org.id, name: "Moonlight" });
    const hourAgo = Date.now() - 2 * 3_600_000;
    await deps.db.insert(streams).values({
      projectId: p.id,
      mediaName: "trailer.mp4",
      destinationName: "Steam",
      destinationType: "steam",
      status: "error",
      startedBy: user.id,
      startedAt: hourAgo,
    });
    await deps.db.insert(mediaFiles).values({
      projectId: p.id,
      originalName: "capsule.png",
      storedName: "c.png",
      mimeType: "image/png",
      fileSize: 1,
      kind: "image",
      uploadedBy: user.id,
    });
    renderWithApp(<DashboardPage />, { caller });
    const stream = (await screen.findByText("Stream: trailer.mp4 → Steam")).closest("div")!.parentElement!;
    expect(within(stream).getByText("Moonlight · Rosa Diaz")).toBeTruthy();
    expect(within(stream).getByText("2h ago")).toBeTruthy();
    expect(stream.querySelector("[data-status]")?.getAttribute("data-palette")).toBe("red");
    const media = screen.getByText("Media uploaded: capsule.png").closest("div")!.parentElement!;
    expect(within(media).getByText("Just now")).toBeTruthy();
    expect(media.querySelector("[data-status]")).toBeNull();
  });

  test("'Failed to load dashboard data' when the statistics fail", async () => {
    const { caller } = await setup("developer");
    // The statistics call fails as a broken server would; everything else stays real.
    const failing = new Proxy(caller, {
      get(target, key) {
        if (key !== "dashboard") return Reflect.get(target, key);
        return {
          stats: () =>
            Promise.reject(
              new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" }),
            ),
          recentActivity: () => target.dashboard.recentActivity(),
        };
      },
    });
    renderWithApp(<DashboardPage />, { caller: failing });
    expect(await screen.findByText(DASHBOARD.loadFailed)).toBeTruthy();
    expect(screen.queryByTestId("stat-cards")).toBeNull();
  });
});

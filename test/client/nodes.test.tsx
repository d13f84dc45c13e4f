import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { writeCurrentProject } from "@client/app/current-project";
import { DASHBOARD } from "@client/messages/dashboard";
import DashboardPage from "@client/pages/dashboard/DashboardPage";
import { NodesPanel } from "@client/pages/dashboard/NodesPanel";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import { destinations, nodes, streams } from "@server/platform/db/schema";
import { NODES } from "@shared/messages/nodes";
import type { NodeView } from "@shared/schemas/nodes";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { failing } from "../support/failing-caller";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  writeCurrentProject(null);
});

const node = (v: Partial<NodeView>): NodeView => ({
  name: "eu-1",
  streams: 0,
  max_streams: null,
  cpu_percent: 0,
  rss_bytes: 0,
  started_at: "2026-03-01T12:00:00.000Z",
  last_heartbeat_at: "2026-03-01T12:00:00.000Z",
  heartbeat_age_seconds: 0,
  down: false,
  ...v,
});

describe("the nodes list", () => {
  test("each node's streams over its capacity, CPU, memory, heartbeat age, and Down past the limit", () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <NodesPanel
          nodes={[
            node({
              name: "eu-1",
              streams: 3,
              max_streams: 20,
              cpu_percent: 12.34,
              rss_bytes: 150 * 1024 * 1024,
              heartbeat_age_seconds: 12,
            }),
            node({ name: "eu-2", streams: 1, heartbeat_age_seconds: 95, down: true }),
          ]}
        />
      </ChakraProvider>,
    );
    const up = screen.getByTestId("node-eu-1");
    for (const text of ["eu-1", "3 / 20", "12.3%", "150.0 MB", "12 s ago"])
      expect(within(up).getByText(text)).toBeTruthy();
    expect(within(up).queryByText(NODES.down)).toBeNull();
    const down = screen.getByTestId("node-eu-2");
    expect(within(down).getByText("1 / unlimited")).toBeTruthy();
    expect(within(down).getByText("1 min ago")).toBeTruthy();
    expect(within(down).getByTestId("node-down").textContent).toBe(NODES.down);
  });

  test("the dashboard lists the nodes for admins and never asks for them for other roles", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const admin = await makeUser(deps, { orgId: org.id, role: "admin" });
    const dev = await makeUser(deps, { orgId: org.id, role: "developer" });
    const at = deps.now();
    await deps.db.insert(nodes).values({
      name: "eu-1",
      maxStreams: 10,
      startedAt: at,
      lastHeartbeatAt: at - 20_000,
      streams: 2,
      cpuPercent: 5,
      rssBytes: 1,
    });
    renderWithApp(<DashboardPage />, { caller: await callerFor(deps, admin.email) });
    const row = await screen.findByTestId("node-eu-1");
    expect(within(row).getByText("2 / 10")).toBeTruthy();
    expect(within(row).getByTestId("node-down")).toBeTruthy();
    cleanup();

    const asDev = await callerFor(deps, dev.email);
    let asked = false;
    const watching = new Proxy(asDev, {
      get(target, key, receiver) {
        if (key === "nodes") asked = true;
        return Reflect.get(target, key, receiver);
      },
    });
    renderWithApp(<DashboardPage />, { caller: watching });
    expect(await screen.findByText(DASHBOARD.subtitleOther)).toBeTruthy();
    expect(screen.queryByTestId("nodes-panel")).toBeNull();
    expect(asked).toBe(false);
  });
});

describe("a stream card", () => {
  test("names the node of the live stream under the stream line, and nothing once it ended", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
    const project = await makeProject(deps, { orgId: org.id });
    writeCurrentProject(project.id);
    const add = async (name: string) =>
      (
        await deps.db
          .insert(destinations)
          .values({
            projectId: project.id,
            name,
            type: "custom",
            rtmpUrl: "rtmp://127.0.0.1:1935/live",
            streamKey: "",
          })
          .returning()
      )[0]!;
    const live = await add("Live one");
    const ended = await add("Ended one");
    for (const [d, status] of [
      [live, "running"],
      [ended, "stopped"],
    ] as const)
      await deps.db.insert(streams).values({
        projectId: project.id,
        destinationId: d.id,
        mediaName: "trailer.mp4",
        destinationName: d.name,
        destinationType: "custom",
        status,
        node: "eu-1",
      });
    renderWithApp(<StreamingPage />, { caller: await callerFor(deps, user.email) });
    const card = await screen.findByTestId(`destination-${live.id}`);
    expect(within(card).getByTestId("stream-node").textContent).toBe(NODES.onNode("eu-1"));
    expect(within(screen.getByTestId(`destination-${ended.id}`)).queryByTestId("stream-node")).toBeNull();
  });

  test("says a live stream may stop while the server cannot reach its database, and not once it can again", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
    const project = await makeProject(deps, { orgId: org.id });
    writeCurrentProject(project.id);
    const [live] = await deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Live one",
        type: "custom",
        rtmpUrl: "rtmp://127.0.0.1/live",
        streamKey: "",
      })
      .returning();
    await deps.db.insert(streams).values({
      projectId: project.id,
      destinationId: live!.id,
      mediaName: "trailer.mp4",
      destinationName: "Live one",
      destinationType: "custom",
      status: "running",
      node: "eu-1",
    });
    const net = failing(await callerFor(deps, user.email), "streaming.destinations", {
      code: "SERVICE_UNAVAILABLE",
      brokenAtFirst: false,
    });
    renderWithApp(<StreamingPage />, { caller: net.caller });
    const card = await screen.findByTestId(`destination-${live!.id}`);
    expect(within(card).getByTestId("stream-node").textContent).toBe(NODES.onNode("eu-1"));
    expect(within(card).queryByTestId("database-away")).toBeNull();

    // A live page asks every 2 s: the next answer is the 503 of a database out of reach. Those polls
    // update the page outside any act(), as in a browser; React is told it is not in a test meanwhile.
    const actEnvironment = Reflect.get(globalThis, "IS_REACT_ACT_ENVIRONMENT");
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false);
    net.breakNow();
    await waitFor(
      () => expect(within(card).getByTestId("database-away").textContent).toBe(NODES.databaseAway),
      {
        timeout: 5000,
      },
    );
    expect(within(card).queryByTestId("stream-node")).toBeNull();

    net.heal();
    // A boolean, not the element: printing a DOM node on each failed check would block the page's polls.
    await waitFor(() => expect(within(card).queryByTestId("database-away") === null).toBe(true), {
      timeout: 5000,
    });
    expect(within(card).getByTestId("stream-node").textContent).toBe(NODES.onNode("eu-1"));
    cleanup();
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", actEnvironment);
  }, 20_000);
});

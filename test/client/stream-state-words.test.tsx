import { afterEach, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { badgeState, StatusBadge } from "@client/components/StreamStatusBadge";
import { HEALTH_UI } from "@client/messages/health-ui";
import { RecentActivity } from "@client/pages/dashboard/RecentActivity";
import { destinationsPollMs, rememberBounds, windowDueSoon } from "@client/pages/streaming/useStreamingData";
import type { ActivityItem } from "@shared/schemas/dashboard";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";

// The words a studio reads about a stream: its badge, the uptime figure and the time in Recent Activity.

afterEach(cleanup);
const ui = (node: ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

test("a start retrying after refused connections reads 'Reconnecting', not 'starting'", () => {
  ui(<StatusBadge status={badgeState("starting", { errorCount: 6, wentLive: false })} />);
  expect(screen.getByText("Reconnecting").closest("[data-status]")!.getAttribute("data-palette")).toBe("red");
  cleanup();
  ui(<StatusBadge status={badgeState("starting", { errorCount: 0, wentLive: false })} />);
  expect(screen.getByText("starting")).toBeDefined();
});

test("a run stopped after failures without ever sending a frame reads 'Never connected', not 'stopped'", () => {
  ui(<StatusBadge status={badgeState("stopped", { errorCount: 6, wentLive: false })} />);
  expect(screen.getByText("Never connected")).toBeDefined();
  expect(screen.queryByText("stopped")).toBeNull();
  cleanup();
  // A run that did go out, or one the record cannot tell about, stays "stopped".
  for (const wentLive of [true, null]) {
    ui(<StatusBadge status={badgeState("stopped", { errorCount: 2, wentLive })} />);
    expect(screen.getByText("stopped")).toBeDefined();
    cleanup();
  }
});

test("an uptime over a short intended time shows that time beside it", () => {
  const short = { uptime_percent: 0, intended_seconds: 40 };
  const week = { uptime_percent: 97.1, intended_seconds: 7 * 86_400 };
  expect(HEALTH_UI.uptime(short, week)).toBe("Uptime 24 h 0.0% of 40 s · 7 d 97.1%");
  expect(HEALTH_UI.uptime({ uptime_percent: 50, intended_seconds: 21 }, null)).toBe(
    "Uptime 24 h 50.0% of 21 s · 7 d —",
  );
  expect(HEALTH_UI.uptime({ uptime_percent: 90, intended_seconds: 300 }, week)).toContain("90.0% of 5 min");
});

test("Recent Activity dates an ended run by its end, a live one by its start", () => {
  const now = Date.parse("2026-05-10T12:00:00Z");
  const base: ActivityItem = {
    activity_type: "stream",
    id: 1,
    media_name: "good-trailer.mp4",
    destination_name: "Steam",
    original_name: null,
    status: "stopped",
    project_name: "Game",
    user_name: "Dev",
    started_at: "2026-05-06T09:00:00Z",
    stopped_at: "2026-05-10T09:00:00Z",
    went_live: true,
    error_count: 0,
    created_at: "2026-05-06T09:00:00Z",
  };
  const live = { ...base, id: 2, status: "running", stopped_at: null };
  ui(<RecentActivity items={[base, live]} now={now} />);
  expect(screen.getByText("3h ago")).toBeDefined();
  expect(screen.getByText("4d ago")).toBeDefined();
  expect(screen.getAllByText(/ago$/)).toHaveLength(2);
});

test("Recent Activity: a run that never connected says so", () => {
  const item: ActivityItem = {
    activity_type: "stream",
    id: 1,
    media_name: "good-trailer.mp4",
    destination_name: "Steam",
    original_name: null,
    status: "stopped",
    project_name: "Game",
    user_name: "Dev",
    started_at: "2026-05-10T09:00:00Z",
    stopped_at: "2026-05-10T09:01:00Z",
    went_live: false,
    error_count: 6,
    created_at: "2026-05-10T09:00:00Z",
  };
  ui(<RecentActivity items={[item]} now={Date.parse("2026-05-10T12:00:00Z")} />);
  expect(screen.getByText("Never connected")).toBeDefined();
});

test("the Streaming page polls fast while a window is about to start, or has just", () => {
  const now = 1_000_000_000;
  expect(windowDueSoon([null, { at: now + 10_000 }], now)).toBe(true);
  expect(windowDueSoon([{ at: now - 5000 }], now)).toBe(true);
  expect(windowDueSoon([{ at: now + 10 * 60_000 }], now)).toBe(false);
  expect(windowDueSoon([{ at: now - 10 * 60_000 }], now)).toBe(false);
  expect(windowDueSoon([], now)).toBe(false);
});

test("around a window's bound and while a stream first comes up, the page polls every second", () => {
  const now = 1_000_000_000;
  const idle = { stream_status: null, next_schedule: null, last_failure: null };
  const due = (at: number) => ({ ...idle, next_schedule: { at } });
  expect(destinationsPollMs([idle], now)).toBe(15_000);
  expect(destinationsPollMs([due(now + 10_000)], now)).toBe(2000);
  // From a few seconds before the start until the scheduler has had time to act on it.
  expect(destinationsPollMs([due(now + 2000)], now)).toBe(1000);
  expect(destinationsPollMs([due(now - 5000)], now)).toBe(1000);
  expect(destinationsPollMs([due(now - 30_000)], now)).toBe(2000);
  // The start has just passed and the answer already names the window's end: the start, seen in an
  // earlier answer, still counts, since the scheduler may not have started the stream yet.
  const inWindow = { ...idle, next_schedule: { at: now + 12_000 } };
  expect(destinationsPollMs([inWindow], now)).toBe(2000);
  const before = rememberBounds([], [due(now - 500)], now - 1000);
  const seen = rememberBounds(before, [inWindow], now);
  expect(seen).toEqual([now - 500, now + 12_000]);
  expect(destinationsPollMs([inWindow], now, seen)).toBe(1000);
  // Bounds over a minute old are forgotten.
  expect(rememberBounds([now - 61_000], [idle], now)).toEqual([]);
  // Coming up for the first time: Starting turns Live within a second on screen.
  expect(destinationsPollMs([{ ...idle, stream_status: "starting" }], now)).toBe(1000);
  expect(destinationsPollMs([{ ...idle, stream_status: "running" }], now)).toBe(2000);
  // A stream waiting to retry reads "starting" too, but may wait a minute: not polled every second.
  const retrying = { ...idle, stream_status: "starting", last_failure: { ended: false } };
  expect(destinationsPollMs([retrying], now)).toBe(2000);
});

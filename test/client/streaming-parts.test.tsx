import { afterEach, describe, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { StatusBadge } from "@client/components/StreamStatusBadge";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import {
  emptyDestinationForm,
  isTwitchUrl,
  reconnectHoursToSend,
  validateDestination,
  withType,
} from "@client/pages/streaming/destination-form";
import { LiveFigures } from "@client/pages/streaming/LiveFigures";
import { keepSelection } from "@client/pages/streaming/StreamHistory";
import { StreamLimitDialog } from "@client/pages/streaming/StreamLimitDialog";
import type { StreamRecord } from "@client/pages/streaming/types";
import { STEAM_INGEST_URL, STREAMING } from "@shared/messages/streaming";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";

afterEach(cleanup);
const ui = (node: ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

test("status badges: running green, starting yellow, stopping orange, stopped grey, error red", () => {
  const expected = {
    running: "green",
    starting: "yellow",
    stopping: "orange",
    stopped: "gray",
    error: "red",
  };
  for (const [status, palette] of Object.entries(expected)) {
    ui(<StatusBadge status={status} />);
    const badge = screen.getByText(status).closest("[data-status]")!;
    expect(badge.getAttribute("data-palette")).toBe(palette);
    cleanup();
  }
});

test("starting and stopping tell apart at a glance: their own hue and a dot versus a stop square", () => {
  const look = (status: string) => {
    ui(<StatusBadge status={status} />);
    const badge = screen.getByText(status).closest("[data-status]") as HTMLElement;
    const marker = badge.querySelector("span") as HTMLElement;
    const seen = {
      marker: badge.getAttribute("data-marker"),
      badge: badge.className,
      radius: getComputedStyle(marker).borderRadius,
    };
    cleanup();
    return seen;
  };
  const starting = look("starting");
  const stopping = look("stopping");
  expect(starting.marker).toBe("pulse");
  expect(stopping.marker).toBe("square");
  expect(stopping.radius).not.toBe(starting.radius);
  expect(stopping.badge).not.toBe(starting.badge);
});

test("live figures show fps, bitrate, speed, frames, time sent and dropped/dup", () => {
  ui(
    <LiveFigures
      live={{
        frame: 12345,
        fps: 29.97,
        bitrate_kbps: 5987.6,
        speed: 1.001,
        out_time_seconds: 3725,
        play_seconds: 3725,
        dropped_frames: 2,
        dup_frames: 5,
      }}
    />,
  );
  const figures = screen.getByTestId("live-figures");
  for (const text of ["30.0", "5988 kbps", "1.00×", "12,345", "1h 2m 5s", "2 / 5"]) {
    expect(within(figures).getByText(text)).toBeTruthy();
  }
});

describe("Stream Limit Reached", () => {
  test("shows the server's error, current/max and the advice", () => {
    ui(
      <StreamLimitDialog
        limit={{ message: "Maximum concurrent streams limit reached", currentStreams: 3, maxStreams: 3 }}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByText(STREAMING.limitTitle)).toBeTruthy();
    expect(within(dialog).getByText("Maximum concurrent streams limit reached")).toBeTruthy();
    expect(within(dialog).getByText("Current: 3/3 streams")).toBeTruthy();
    expect(within(dialog).getByText(STREAMING.limitAdvice)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: STREAMING.limitButton })).toBeTruthy();
  });

  test("is closed without a limit", () => {
    ui(<StreamLimitDialog limit={null} onClose={() => {}} />);
    expect(screen.queryByText(STREAMING.limitTitle)).toBeNull();
  });
});

test("a selection survives a refetch only while its row exists", () => {
  const rows = [{ id: 4 }, { id: 7 }] as StreamRecord[];
  expect(keepSelection(7, rows)).toBe(7);
  expect(keepSelection(5, rows)).toBeNull();
  expect(keepSelection(null, rows)).toBeNull();
});

describe("Add Destination form rules", () => {
  test("defaults: Steam, Steam's ingest URL, no key, autorestart off", () => {
    expect(emptyDestinationForm()).toEqual({
      name: "",
      type: "steam",
      rtmp_url: STEAM_INGEST_URL,
      stream_key: "",
      autorestart: false,
      ca_file: "",
      reconnect_hours: "",
    });
  });

  test("reconnect every N hours: empty is off, 1-168 whole hours pass, anything else is refused", () => {
    const base = { ...emptyDestinationForm(), type: "custom" as const, name: "A", rtmp_url: "rtmp://h/app" };
    expect(reconnectHoursToSend(base)).toBeNull();
    for (const ok of ["1", "47", " 168 "])
      expect(validateDestination({ ...base, reconnect_hours: ok })).toEqual({});
    for (const bad of ["0", "169", "1.5", "two"])
      expect(validateDestination({ ...base, reconnect_hours: bad }).reconnect_hours).toBe(
        STREAMING.reconnectHoursInvalid,
      );
    expect(reconnectHoursToSend({ ...base, reconnect_hours: " 47 " })).toBe(47);
  });

  test("a Twitch ingest is offered 47 hours; other hosts and look-alikes are not", () => {
    expect(isTwitchUrl("rtmp://live.twitch.tv/app")).toBe(true);
    expect(isTwitchUrl("rtmps://ingest.global-contribute.live-video.net/app")).toBe(false);
    expect(isTwitchUrl("rtmp://fra05.contribute.live-video.net.twitch.tv:1935/app")).toBe(true);
    expect(isTwitchUrl("rtmp://nottwitch.tv/app")).toBe(false);
    expect(isTwitchUrl("rtmp://twitch.tv.evil.example/app")).toBe(false);
    expect(isTwitchUrl("rtmp://user:pw@live.twitch.tv/app")).toBe(true);
  });

  test("name and RTMP URL are required; the URL must be an rtmp URL; the key is optional for custom RTMP", () => {
    const base = { ...emptyDestinationForm(), type: "custom" as const };
    expect(validateDestination(base)).toEqual({ name: STREAMING.nameRequired });
    expect(validateDestination({ ...base, name: "  " }).name).toBe(STREAMING.nameRequired);
    expect(validateDestination({ ...base, name: "A", rtmp_url: "" })).toEqual({
      rtmp_url: STREAMING.rtmpUrlRequired,
    });
    expect(validateDestination({ ...base, name: "A", rtmp_url: "http://example.com/live" }).rtmp_url).toBe(
      STREAMING.rtmpUrlScheme,
    );
    expect(validateDestination({ ...base, name: "A", rtmp_url: "rtmps://live.example.com:443/app" })).toEqual(
      {},
    );
  });

  test("Steam needs its key: the form asks for it before anything is sent", () => {
    const steam = { ...emptyDestinationForm(), name: "Store page" };
    expect(validateDestination(steam)).toEqual({ stream_key: STREAMING_UI.streamKeyRequiredSteam });
    expect(validateDestination({ ...steam, stream_key: "  " }).stream_key).toBe(
      STREAMING_UI.streamKeyRequiredSteam,
    );
    expect(validateDestination({ ...steam, stream_key: "rtmp-token" })).toEqual({});
  });

  test("switching type pre-fills or clears Steam's URL but keeps a typed one", () => {
    const custom = withType(emptyDestinationForm(), "custom");
    expect(custom.rtmp_url).toBe("");
    expect(withType(custom, "steam").rtmp_url).toBe(STEAM_INGEST_URL);
    const typed = { ...custom, rtmp_url: "rtmp://my.server/live" };
    expect(withType(typed, "steam").rtmp_url).toBe("rtmp://my.server/live");
  });
});

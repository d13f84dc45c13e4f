import { afterEach, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import { NextSchedule } from "@client/pages/streaming/schedule/NextSchedule";
import { describeWindow, localWhen } from "@client/pages/streaming/schedule/schedule-format";
import type { ScheduleView } from "@shared/schemas/schedules";
import { cleanup, render, screen } from "@testing-library/react";

afterEach(cleanup);
const ui = (node: React.ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

test("the card says the next start or stop in the viewer's local time, and nothing without windows", () => {
  const at = Date.parse("2026-12-05T18:30:00Z");
  ui(<NextSchedule next={{ action: "start", at }} />);
  expect(screen.getByTestId("next-schedule").textContent).toBe(UI.nextStart(localWhen(at)));
  cleanup();
  ui(<NextSchedule next={{ action: "stop", at }} />);
  expect(screen.getByTestId("next-schedule").textContent).toBe(UI.nextStop(localWhen(at)));
  cleanup();
  ui(<NextSchedule next={null} />);
  expect(screen.queryByTestId("next-schedule")).toBeNull();
});

test("a weekly window reads as days, times and zone, and an overnight one says it ends the next day", () => {
  const base: ScheduleView = {
    id: 1,
    destination_id: 1,
    kind: "weekly",
    starts_at: null,
    ends_at: null,
    days: ["fri", "sat"],
    from: "22:00",
    to: "02:00",
    timezone: "America/Los_Angeles",
    media_id: 1,
    media_name: "trailer.mp4",
    playlist_id: null,
    playlist_name: null,
    next_start: null,
  };
  expect(describeWindow(base)).toBe(`Fri, Sat · 22:00–02:00 ${UI.nextDay} · America/Los_Angeles`);
  expect(describeWindow({ ...base, to: "23:00" })).toBe("Fri, Sat · 22:00–23:00 · America/Los_Angeles");
});

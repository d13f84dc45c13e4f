import { afterEach, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { PlaylistChoices } from "@client/pages/streaming/PlaylistChoices";
import { PlaylistOnAir } from "@client/pages/streaming/PlaylistOnAir";
import { StreamHistory } from "@client/pages/streaming/StreamHistory";
import type { StreamRecord } from "@client/pages/streaming/types";
import { PLAYLISTS } from "@shared/messages/playlists";
import type { PlaylistView } from "@shared/schemas/playlists";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser, testDeps } from "../support/server";

afterEach(cleanup);
const ui = (node: ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

const items = [
  { media_id: 1, name: "intro.mp4", duration_seconds: 20 },
  { media_id: 2, name: "trailer.mp4", duration_seconds: 95 },
  { media_id: 3, name: "outro.mp4", duration_seconds: 10 },
];

test("the on-air item and the time to the next follow the place in the play, across loops", () => {
  const { rerender } = ui(<PlaylistOnAir items={items} playSeconds={5} />);
  expect(screen.getByTestId("playlist-on-air").textContent).toBe(
    `${PLAYLISTS.onAir("intro.mp4")} · ${PLAYLISTS.nextIn("0:15")}`,
  );
  rerender(
    <ChakraProvider value={defaultSystem}>
      <PlaylistOnAir items={items} playSeconds={125 * 3 + 30} />
    </ChakraProvider>,
  );
  expect(screen.getByTestId("playlist-on-air").textContent).toBe(
    `${PLAYLISTS.onAir("trailer.mp4")} · ${PLAYLISTS.nextIn("1:25")}`,
  );
});

test("nothing is shown for a playlist without lengths", () => {
  ui(<PlaylistOnAir items={items.map((i) => ({ ...i, duration_seconds: 0 }))} playSeconds={5} />);
  expect(screen.queryByTestId("playlist-on-air")).toBeNull();
});

test("the Select Media dialog's playlists show their videos and length, and pick on click", () => {
  const playlist: PlaylistView = {
    id: 7,
    project_id: 1,
    name: "Next Fest loop",
    items,
    total_duration_seconds: 125,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
  const picked: number[] = [];
  ui(
    <PlaylistChoices playlists={[playlist]} current={null} busy={false} onPick={(p) => picked.push(p.id)} />,
  );
  expect(screen.getByText("Next Fest loop")).toBeTruthy();
  expect(screen.getByText(PLAYLISTS.summary(3, "2:05"))).toBeTruthy();
  expect(screen.getByText("intro.mp4 → trailer.mp4 → outro.mp4")).toBeTruthy();
  fireEvent.click(screen.getByText("Next Fest loop"));
  expect(picked).toEqual([7]);
});

test("a history row of a playlist stream names the playlist", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const record: StreamRecord = {
    id: 1,
    media_name: "Next Fest loop",
    destination_name: "Steam",
    destination_type: "steam",
    destination_autorestart: false,
    status: "stopped",
    duration_seconds: 60,
    error_count: 0,
    planned_reconnects: 0,
    last_planned_reconnect_at: null,
    started_at: "2026-01-01T00:00:00.000Z",
    stopped_at: "2026-01-01T00:01:00.000Z",
    media_size: 1000,
    pid: null,
    last_error_message: null,
    last_error_time: null,
    destination_id: 1,
    media_id: null,
    playlist_id: null,
    playlist_name: "Next Fest loop",
    live: null,
    went_live: true,
  };
  renderWithApp(
    <StreamHistory streams={[record]} isAdmin={false} onDelete={() => {}} onClearEnded={() => {}} />,
    {
      caller: await callerFor(deps, user.email),
    },
  );
  expect(await screen.findByText(`${PLAYLISTS.historyName("Next Fest loop")} → Steam`)).toBeTruthy();
});

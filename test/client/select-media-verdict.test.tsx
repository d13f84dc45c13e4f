import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import { SelectMediaDialog } from "@client/pages/streaming/SelectMediaDialog";
import type { MediaChoice } from "@client/pages/streaming/types";
import type { DestinationType } from "@shared/schemas/streaming";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";

// The Select Media dialog judges each video for the destination it is opened for: Steam's reasons
// for Steam, only "not H.264/AAC" for a custom server.

type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: unknown };
let actFlag: unknown;
beforeAll(() => {
  actFlag = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = actFlag;
});
afterEach(cleanup);

const media: MediaChoice[] = [
  { id: 1, original_name: "ready.mp4", kind: "video", file_size: 1, steam_ready: true, steam_reasons: [] },
  {
    id: 2,
    original_name: "pal.mp4",
    kind: "video",
    file_size: 1,
    steam_ready: false,
    steam_reasons: ["25 frames per second; Steam needs 30 or 60", "keyframes every 4.0 s; Steam needs 2 s"],
    video_codec: "h264",
    audio_codec: "aac",
  },
  {
    id: 3,
    original_name: "old.avi",
    kind: "video",
    file_size: 1,
    steam_ready: false,
    steam_reasons: ["video is mpeg4; Steam needs H.264"],
    video_codec: "mpeg4",
    audio_codec: "mp3",
  },
];

function open(destinationType: DestinationType) {
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <SelectMediaDialog
          open
          projectId={1}
          destinationName="Dest"
          destinationType={destinationType}
          changing={false}
          currentMediaId={null}
          media={media}
          loading={false}
          busy={false}
          onPick={() => {}}
          onClose={() => {}}
        />
      </MemoryRouter>
    </ChakraProvider>,
  );
}
const row = async (name: string) => (await screen.findByText(name)).closest("button") as HTMLElement;

test("for Steam: files breaking its rules are marked and say why; a ready file is not", async () => {
  open("steam");
  expect((await row("ready.mp4")).textContent).not.toContain(STREAMING_UI.needsPreparation);
  const pal = await row("pal.mp4");
  expect(pal.textContent).toContain(STREAMING_UI.needsPreparation);
  expect(pal.textContent).toContain("25 frames per second; Steam needs 30 or 60");
  expect(pal.textContent).toContain("keyframes every 4.0 s; Steam needs 2 s");
  expect((await row("old.avi")).textContent).toContain("video is mpeg4; Steam needs H.264");
});

test("for a custom server: H.264/AAC goes by stream copy, whatever Steam's rules say", async () => {
  open("custom");
  const pal = await row("pal.mp4");
  expect(pal.textContent).not.toContain(STREAMING_UI.needsPreparation);
  expect(pal.textContent).not.toContain("Steam needs");
  expect((await row("old.avi")).textContent).toContain(STREAMING_UI.needsPreparation);
});

test("once its converted copy is made, a file is no longer said to be prepared first", async () => {
  media.push({
    id: 4,
    original_name: "converted.mp4",
    kind: "video",
    file_size: 1,
    steam_ready: false,
    steam_reasons: ["25 frames per second; Steam needs 30 or 60"],
    video_codec: "mpeg4",
    audio_codec: "mp3",
    preparation: { status: "done" },
  });
  try {
    for (const type of ["steam", "custom"] as const) {
      open(type);
      const converted = await row("converted.mp4");
      expect(converted.textContent).not.toContain(STREAMING_UI.needsPreparation);
      expect(converted.textContent).not.toContain("25 frames per second");
      cleanup();
    }
  } finally {
    media.pop();
  }
});

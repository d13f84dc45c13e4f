import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeCurrentProject } from "@client/app/current-project";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { destinations, streams } from "@server/platform/db/schema";
import { NODES } from "@shared/messages/nodes";
import { STREAMING } from "@shared/messages/streaming";
import type { DestinationView } from "@shared/schemas/streaming";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// What a card says when a node cannot read the stream's media: the answer is the one nodes on
// PostgreSQL give (added here to the SQLite console's answer, which never carries it).

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  writeCurrentProject(null);
});

type Unreadable = DestinationView["stream_unreadable"];

/** The caller, with each card's `stream_unreadable` (and `stream_moving`) as given by destination id. */
function withUnreadable(
  caller: Record<string, unknown>,
  said: Map<number, { unreadable: Unreadable; moving: boolean }>,
) {
  return new Proxy(caller, {
    get(target, domain: string) {
      const inner = target[domain] as Record<string, unknown>;
      if (domain !== "streaming") return inner;
      return new Proxy(inner, {
        get: (t, name: string) => {
          const real = t[name] as (input: unknown) => Promise<DestinationView[]>;
          if (name !== "destinations") return real;
          return async (input: unknown) =>
            (await real(input)).map((d) => {
              const s = said.get(d.id);
              return s ? { ...d, stream_unreadable: s.unreadable, stream_moving: s.moving } : d;
            });
        },
      });
    },
  });
}

async function addDestination(deps: AppDeps, projectId: number, name: string) {
  return (
    await deps.db
      .insert(destinations)
      .values({ projectId, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1:1935/live", streamKey: "" })
      .returning()
  )[0]!;
}

async function addStream(
  deps: AppDeps,
  projectId: number,
  destination: { id: number; name: string },
  values: Partial<typeof streams.$inferInsert>,
) {
  await deps.db.insert(streams).values({
    projectId,
    destinationId: destination.id,
    mediaName: "trailer.mp4",
    destinationName: destination.name,
    destinationType: "custom",
    status: "starting",
    ...values,
  });
}

describe("a stream whose media a node cannot read", () => {
  test("moving, the card names the node and the file instead of the moving line; failed, it says no node could read it", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "developer" });
    const project = await makeProject(deps, { orgId: org.id });
    writeCurrentProject(project.id);
    const moving = await addDestination(deps, project.id, "Moving ingest");
    const failed = await addDestination(deps, project.id, "Failed ingest");
    const other = await addDestination(deps, project.id, "Node gone ingest");
    await addStream(deps, project.id, moving, {});
    const at = Date.now() - 60_000;
    await addStream(deps, project.id, failed, {
      status: "error",
      errorCount: 1,
      lastErrorMessage: STREAMING.mediaFileMissing,
      lastErrorTime: at,
      stoppedAt: at,
    });
    await addStream(deps, project.id, other, { status: "running", node: "eu-3" });
    const said = new Map([
      [moving.id, { unreadable: { file: "trailer.mp4", nodes: ["eu-1"], failed: false }, moving: true }],
      [
        failed.id,
        { unreadable: { file: "trailer.mp4", nodes: ["eu-2", "eu-1"], failed: true }, moving: false },
      ],
      [other.id, { unreadable: null, moving: true }],
    ]);
    const caller = withUnreadable((await callerFor(deps, user.email)) as never, said);
    renderWithApp(<StreamingPage />, { caller: caller as never });

    const card = await screen.findByTestId(`destination-${moving.id}`);
    await waitFor(() => expect(within(card).getByTestId("stream-unreadable")).toBeTruthy());
    expect(within(card).getByTestId("stream-unreadable").textContent).toBe(
      "Node eu-1 cannot read trailer.mp4; another node takes the stream over.",
    );
    expect(within(card).queryByTestId("stream-moving")).toBeNull();

    const gone = screen.getByTestId(`destination-${failed.id}`);
    expect(within(gone).getByTestId("last-failure").textContent).toContain(STREAMING.mediaFileMissing);
    expect(within(gone).getByTestId("stream-unreadable").textContent).toBe(
      "No node could read trailer.mp4 (tried on eu-2, eu-1).",
    );

    // A node that stopped answering still reads as before.
    const third = screen.getByTestId(`destination-${other.id}`);
    expect(within(third).getByTestId("stream-moving").textContent).toBe(NODES.moving("eu-3"));
    expect(within(third).queryByTestId("stream-unreadable")).toBeNull();
  });
});

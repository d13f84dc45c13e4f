import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { MediaTab } from "@client/pages/project-detail/MediaTab";
import type { AppDeps } from "@server/deps";
import { mediaFiles, mediaImports } from "@server/platform/db/schema";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";
import { waitUntil } from "../support/wait";

// The Upload dialog's "From a link": it sends the link, shows a running import's progress (found
// again by a fresh dialog, as after a reload), cancels it, and puts a finished one in the media list.
// happy-dom replaces fetch in this process, so the server's downloads are tested in
// test/server/media/media-import.test.ts; here the imports' rows are written as a download would.

setDefaultTimeout(30_000);

const { toasts } = updatesOutsideAct();

async function setup() {
  const deps = testDeps({ ALLOW_PRIVATE_TARGETS: "on", IMPORT_STALL_SECONDS: "60" });
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id });
  return { deps, project, caller: await callerFor(deps, user.email) };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole("button", { name: MEDIA.uploadFirst }));
  return await screen.findByRole("dialog", { name: MEDIA.dialogTitle });
}

function importFrom(dialog: HTMLElement, url: string) {
  fireEvent.change(within(dialog).getByRole("textbox", { name: MEDIA_IMPORTS.linkLabel }), {
    target: { value: url },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: MEDIA_IMPORTS.importButton }));
}

const SIZE = 3 * 1024 * 1024;

/** An import as the download job leaves it while running. */
async function runningImport(deps: AppDeps, projectId: number, name: string) {
  const now = Date.now();
  const [row] = await deps.db
    .insert(mediaImports)
    .values({
      projectId,
      url: `https://cdn.example.com/${name}`,
      name,
      status: "downloading",
      bytes: 1024 * 1024,
      total: SIZE,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

describe("Upload dialog, from a link", () => {
  test("the dialog keeps its upload words and sends the pasted link for this project", async () => {
    const s = await setup();
    const sent: unknown[] = [];
    const m = s.caller.media;
    const caller = {
      auth: s.caller.auth,
      media: {
        list: m.list,
        config: m.config,
        imports: m.imports,
        cancelImport: m.cancelImport,
        importLink: async (input: unknown) => {
          sent.push(input);
          return await s.caller.media.imports({ projectId: s.project.id }).then(() => ({}));
        },
      },
    };
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: caller as typeof s.caller });
    const dialog = await openDialog();
    expect(within(dialog).getByText(MEDIA.fileLabel)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: MEDIA.upload })).toBeTruthy();
    expect(within(dialog).getByText(MEDIA_IMPORTS.linkHint)).toBeTruthy();
    importFrom(dialog, "https://www.dropbox.com/s/abc/Trailer.mp4?dl=0");
    await waitFor(() =>
      expect(toasts()).toContainEqual([
        MEDIA_IMPORTS.importStarted,
        "https://www.dropbox.com/s/abc/Trailer.mp4?dl=0",
      ]),
    );
    expect(sent).toEqual([
      { projectId: s.project.id, url: "https://www.dropbox.com/s/abc/Trailer.mp4?dl=0" },
    ]);
  });

  test("a running import shows its progress in a fresh dialog (after a reload) and can be cancelled", async () => {
    const s = await setup();
    const started = await runningImport(s.deps, s.project.id, "slow.mp4");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const dialog = await openDialog();
    const row = await within(dialog).findByTestId(`import-${started.id}`);
    expect(within(row).getByText("slow.mp4")).toBeTruthy();
    expect(within(row).getByText(MEDIA.progressLoaded(1024 * 1024, SIZE))).toBeTruthy();
    expect(within(row).getByText("33%")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: MEDIA_IMPORTS.cancelImport }));
    await waitUntil(
      () => within(dialog).queryByTestId(`import-${started.id}`) === null,
      5000,
      "the row to go",
    );
    const [stored] = await s.deps.db.select().from(mediaImports);
    expect(stored!.status).toBe("cancelled");
  });

  test("an import that finishes while shown is announced and its file appears in the list", async () => {
    const s = await setup();
    const started = await runningImport(s.deps, s.project.id, "Launch.mp4");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const dialog = await openDialog();
    await within(dialog).findByTestId(`import-${started.id}`);
    const [file] = await s.deps.db
      .insert(mediaFiles)
      .values({
        projectId: s.project.id,
        originalName: "Launch.mp4",
        storedName: `${crypto.randomUUID()}.mp4`,
        mimeType: "video/mp4",
        fileSize: SIZE,
        kind: "video",
        createdAt: Date.now(),
      })
      .returning();
    await s.deps.db
      .update(mediaImports)
      .set({ status: "done", bytes: SIZE, mediaId: file!.id, finishedAt: Date.now() })
      .where(eq(mediaImports.id, started.id));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA_IMPORTS.importDone, "Launch.mp4"]), {
      timeout: 10_000,
    });
    fireEvent.click(within(dialog).getAllByRole("button", { name: MEDIA.cancel })[0]!);
    expect(await screen.findByText("Launch.mp4")).toBeTruthy();
  });

  test("a refused link says why", async () => {
    const s = await setup();
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const dialog = await openDialog();
    importFrom(dialog, "ftp://example.com/trailer.mp4");
    await waitFor(() =>
      expect(toasts()).toContainEqual([MEDIA_IMPORTS.importFailed, MEDIA_IMPORTS.onlyHttp]),
    );
  });
});

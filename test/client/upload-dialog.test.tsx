import { describe, expect, setDefaultTimeout, test } from "bun:test";
import {
  UploadAbortedError,
  type UploadHandle,
  type UploadProgress,
  type UploadResponse,
} from "@client/lib/upload";
import { UploadDialog } from "@client/pages/project-detail/media/UploadDialog";
import { MEDIA } from "@shared/messages/media";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The Upload dialog's states with the transport held in the test's hand: each file's own progress
// row, success and refusal per file, cancel stopping every transfer. The real tus transfer through
// Chromium, cut half-way and resumed, is test/e2e/resumable-upload.test.ts.

setDefaultTimeout(30_000);

const { toasts } = updatesOutsideAct();

interface Transfer {
  file: File;
  projectId: number;
  progress(loaded: number): void;
  answer(status: number, body: unknown): void;
  fail(): void;
  aborted: boolean;
}

/** A transport whose transfers the test drives by hand. */
function handTransport() {
  const transfers: Transfer[] = [];
  const send = (file: File, projectId: number, onProgress?: (p: UploadProgress) => void): UploadHandle => {
    let settle: (r: UploadResponse) => void = () => {};
    let fail: (e: Error) => void = () => {};
    const done = new Promise<UploadResponse>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const t: Transfer = {
      file,
      projectId,
      aborted: false,
      progress: (loaded) =>
        act(() =>
          onProgress?.({ loaded, total: file.size, percent: Math.round((loaded / file.size) * 100) }),
        ),
      answer: (status, body) => settle({ status, body }),
      fail: () => fail(new Error("Network error")),
    };
    transfers.push(t);
    return {
      done,
      abort() {
        t.aborted = true;
        fail(new UploadAbortedError());
      },
    };
  };
  return { send, transfers };
}

const MB = 1024 * 1024;
const fileOf = (name: string, bytes: number, type = "video/mp4") =>
  new File([new Uint8Array(bytes)], name, { type });

async function open(env: Record<string, string> = {}) {
  const deps = testDeps(env);
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id });
  const transport = handTransport();
  const calls = { uploaded: 0, closed: 0 };
  renderWithApp(
    <UploadDialog
      projectId={project.id}
      open
      onClose={() => calls.closed++}
      onUploaded={() => calls.uploaded++}
      send={transport.send}
    />,
    { caller: await callerFor(deps, user.email) },
  );
  await screen.findByText(MEDIA.dialogTitle);
  const dialog = screen.getByRole("dialog");
  const input = dialog.querySelector("input[type=file]") as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input, { target: { files } });
  const rows = () => within(dialog).queryAllByTestId("upload-row");
  return { project, transport, calls, dialog, input, choose, rows };
}

describe("upload dialog", () => {
  test("two files go up side by side, each with its own bar, percent and MB; both stored closes the dialog", async () => {
    const d = await open();
    expect(d.input.multiple).toBe(true);
    expect(d.input.getAttribute("accept")).toBe("video/*,image/*");
    d.choose(fileOf("trailer.mp4", 4 * MB), fileOf("teaser.mp4", 2 * MB));
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(d.rows()).toHaveLength(2));
    const [trailer, teaser] = d.transport.transfers;
    expect([trailer!.file.name, teaser!.file.name]).toEqual(["trailer.mp4", "teaser.mp4"]);
    expect(trailer!.projectId).toBe(d.project.id);
    expect(d.input.disabled).toBe(true);

    trailer!.progress(1 * MB);
    teaser!.progress(1.5 * MB);
    await waitFor(() => {
      const [a, b] = d.rows();
      expect(within(a!).getByText("trailer.mp4")).toBeTruthy();
      expect(within(a!).getByText("25%")).toBeTruthy();
      expect(within(a!).getByText(MEDIA.progressLoaded(1 * MB, 4 * MB))).toBeTruthy();
      expect(within(b!).getByText("teaser.mp4")).toBeTruthy();
      expect(within(b!).getByText("75%")).toBeTruthy();
      expect(within(b!).getByText("1.50 MB of 2.00 MB")).toBeTruthy();
    });

    // The first stored: its row goes, the list reloads, the other keeps going.
    teaser!.answer(201, { id: 7 });
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.uploadSuccess, "teaser.mp4"]));
    await waitFor(() => expect(d.rows()).toHaveLength(1));
    expect(d.calls).toEqual({ uploaded: 1, closed: 0 });
    trailer!.answer(201, { id: 8 });
    await waitFor(() => expect(d.calls).toEqual({ uploaded: 2, closed: 1 }));
    expect(toasts()).toContainEqual([MEDIA.uploadSuccess, "trailer.mp4"]);
  });

  test("a file the server refuses after its last byte shows the server's words; the dialog stays with that file", async () => {
    const d = await open();
    d.choose(fileOf("notes.mp4", MB), fileOf("good.mp4", MB));
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(d.transport.transfers).toHaveLength(2));
    const [notes, good] = d.transport.transfers;
    notes!.answer(415, { error: MEDIA.unsupported });
    good!.answer(201, { id: 1 });
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.uploadFailed, MEDIA.unsupported]));
    await waitFor(() => expect(d.rows()).toHaveLength(0));
    expect(d.calls).toEqual({ uploaded: 1, closed: 0 });
    expect(d.input.disabled).toBe(false);

    // Upload again sends only the refused file.
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(d.transport.transfers).toHaveLength(3));
    expect(d.transport.transfers[2]!.file.name).toBe("notes.mp4");
  });

  test("an answer without words, and a network that stays down, read 'Failed to upload media file'", async () => {
    const d = await open();
    d.choose(fileOf("a.mp4", MB), fileOf("b.mp4", MB));
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(d.transport.transfers).toHaveLength(2));
    d.transport.transfers[0]!.answer(500, null);
    d.transport.transfers[1]!.fail();
    await waitFor(() => expect(toasts().filter((t) => t[1] === MEDIA.uploadFailedFallback)).toHaveLength(2));
    expect(d.calls).toEqual({ uploaded: 0, closed: 0 });
  });

  test("Cancel stops every transfer and closes, without a message", async () => {
    const d = await open();
    d.choose(fileOf("a.mp4", MB), fileOf("b.mp4", MB));
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(d.rows()).toHaveLength(2));
    d.transport.transfers[0]!.progress(MB / 2);
    const cancel = within(d.dialog)
      .getAllByRole("button", { name: MEDIA.cancel })
      .find((b) => b.textContent === MEDIA.cancel)!;
    fireEvent.click(cancel);
    expect(d.transport.transfers.map((t) => t.aborted)).toEqual([true, true]);
    expect(d.calls.closed).toBe(1);
    await Promise.resolve();
    expect(toasts()).toEqual([]);
  });

  test("a file over the limit is refused before anything is sent; the others go", async () => {
    const d = await open({ MAX_UPLOAD_BYTES: String(2 * MB) });
    await within(d.dialog).findByText(/Maximum file size: 2 MB/);
    d.choose(fileOf("huge.mp4", 3 * MB), fileOf("small.mp4", MB));
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.uploadFailed, MEDIA.tooLarge("2 MB")]));
    await waitFor(() => expect(d.transport.transfers.map((t) => t.file.name)).toEqual(["small.mp4"]));
  });

  test("Upload without a file warns and sends nothing", async () => {
    const d = await open();
    fireEvent.click(within(d.dialog).getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.noFileTitle, MEDIA.noFileMessage]));
    expect(d.transport.transfers).toEqual([]);
  });
});

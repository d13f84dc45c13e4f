import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startDiskHousekeeping } from "@server/features/media/disk-housekeeping";
import { formatLimit } from "@server/features/media/receive";
import { sweepPartFiles } from "@server/features/media/storage";
import { mediaFiles } from "@server/platform/db/schema";
import { MEDIA } from "@shared/messages/media";
import {
  filesOnDisk,
  jpegImage,
  pngImage,
  sparseKeyframesMp4,
  steamReadyMp4,
  textAsMp4,
  uploadForm,
} from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// ffprobe, ffmpeg and password hashing share two cores with other suites: allow for a slow machine.
setDefaultTimeout(30_000);

type Harness = ReturnType<typeof testApp>;

async function setup(env: Record<string, string> = {}) {
  const h = testApp(testDeps(env));
  const org = await makeOrg(h.deps);
  const dev = await makeUser(h.deps, { orgId: org.id, role: "developer", name: "Dana Dev" });
  const project = await makeProject(h.deps, { orgId: org.id });
  return { ...h, org, project, devCookie: await h.signIn(dev.email) };
}

const post = (h: Harness, cookie: string, body: BodyInit) =>
  h.call("/api/media/upload", { method: "POST", body, cookie });

describe("upload of real media", () => {
  test("an H.264/AAC mp4 with 2 s keyframes is stored under a generated name with its metadata and a poster", async () => {
    const h = await setup();
    const path = await steamReadyMp4();
    const res = await post(h, h.devCookie, uploadForm(h.project.id, Bun.file(path), "My Trailer.mp4"));
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item).toMatchObject({
      project_id: h.project.id,
      original_name: "My Trailer.mp4",
      mime_type: "video/mp4",
      file_size: statSync(path).size,
      kind: "video",
      width: 320,
      height: 180,
      video_codec: "h264",
      audio_codec: "aac",
      frame_rate: 30,
      keyframe_interval: 2,
      steam_ready: true,
      steam_reasons: [],
      has_poster: true,
      uploaded_by_name: "Dana Dev",
    });
    expect(item.duration_seconds).toBeCloseTo(6, 1);
    expect(item.bitrate).toBeGreaterThan(0);
    expect(Date.parse(item.created_at)).toBeGreaterThan(0);

    const row = await h.deps.db.select().from(mediaFiles);
    expect(row).toHaveLength(1);
    expect(row[0]!.storedName).not.toContain("Trailer");
    const onDisk = filesOnDisk(h.deps.env.DATA_DIR);
    expect(onDisk).toEqual([`media/${row[0]!.storedName}`, `media/posters/${row[0]!.posterName}`].sort());
    // The stored bytes are the uploaded bytes.
    expect(
      readFileSync(join(h.deps.env.DATA_DIR, "media", row[0]!.storedName)).equals(readFileSync(path)),
    ).toBe(true);
    const poster = await h.call(`/api/media/poster/${item.id}`, { cookie: h.devCookie });
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = new Uint8Array(await poster.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  test("a video with keyframes 5 s apart is accepted but not Steam-ready", async () => {
    const h = await setup();
    const res = await post(
      h,
      h.devCookie,
      uploadForm(h.project.id, Bun.file(await sparseKeyframesMp4()), "slow.mp4"),
    );
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item).toMatchObject({ steam_ready: false, keyframe_interval: 5, kind: "video" });
    // The verdict's reasons come with the item, in plain words, for the media card.
    expect(item.steam_reasons).toContain("keyframes every 5.0 s; Steam needs 2 s");
  });

  test("images are typed by content, not by name: a PNG named .jpg is a PNG; it gets a JPEG thumbnail", async () => {
    const h = await setup();
    const res = await post(h, h.devCookie, uploadForm(h.project.id, Bun.file(await pngImage()), "photo.jpg"));
    expect(res.status).toBe(201);
    const image = await res.json();
    expect(image).toMatchObject({
      kind: "image",
      mime_type: "image/png",
      width: 64,
      height: 48,
      has_poster: true,
      duration_seconds: null,
      steam_ready: false,
    });
    const thumb = await h.call(`/api/media/poster/${image.id}`, { cookie: h.devCookie });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    const jpg = await post(h, h.devCookie, uploadForm(h.project.id, Bun.file(await jpegImage()), "a.jpeg"));
    expect((await jpg.json()).mime_type).toBe("image/jpeg");
  });

  test("projectId after the file part works too", async () => {
    const h = await setup();
    const res = await post(
      h,
      h.devCookie,
      uploadForm(h.project.id, Bun.file(await pngImage()), "late.png", false),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).project_id).toBe(h.project.id);
  });
});

describe("refused uploads leave nothing behind", () => {
  test("a text file renamed .mp4 is 400 and leaves no file and no row", async () => {
    const h = await setup();
    const res = await post(
      h,
      h.devCookie,
      uploadForm(h.project.id, Bun.file(await textAsMp4()), "notes.mp4"),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MEDIA.unsupported });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
    expect(await h.deps.db.select().from(mediaFiles)).toEqual([]);
  });

  test("one byte over MAX_UPLOAD_BYTES is 413; exactly the limit passes the size check", async () => {
    const png = readFileSync(await pngImage());
    const h = await setup({ MAX_UPLOAD_BYTES: String(png.length) });
    const exact = await post(h, h.devCookie, uploadForm(h.project.id, new Blob([png]), "exact.png"));
    expect(exact.status).toBe(201);
    const over = new Blob([png, new Uint8Array([0])]);
    for (const fieldFirst of [true, false]) {
      const res = await post(h, h.devCookie, uploadForm(h.project.id, over, "over.png", fieldFirst));
      expect(res.status).toBe(413);
      expect((await res.json()).error).toBe(MEDIA.tooLarge(formatLimit(png.length)));
    }
    expect(await h.deps.db.select().from(mediaFiles)).toHaveLength(1);
    expect(filesOnDisk(h.deps.env.DATA_DIR).filter((f) => !f.startsWith("media/"))).toEqual([]);
    // The accepted file and its thumbnail.
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toHaveLength(2);
  });

  test("a larger file is cut off at the limit while streaming and its partial file removed", async () => {
    const h = await setup({ MAX_UPLOAD_BYTES: String(64 * 1024) });
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)]);
    const res = await post(h, h.devCookie, uploadForm(h.project.id, big, "big.mp4"));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: MEDIA.tooLarge("64 KB"), maxFileSize: 64 * 1024 });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
  });

  test("malformed requests are 400 with a message", async () => {
    const h = await setup();
    const png = Bun.file(await pngImage());
    const noProject = await post(h, h.devCookie, uploadForm(null, png, "a.png"));
    expect(noProject.status).toBe(400);
    expect((await noProject.json()).error).toBe(MEDIA.projectIdRequired);
    const badProject = await post(h, h.devCookie, uploadForm("abc", png, "a.png"));
    expect(badProject.status).toBe(400);
    const noFile = new FormData();
    noFile.append("projectId", String(h.project.id));
    const res = await post(h, h.devCookie, noFile);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MEDIA.noFile);
    const json = await h.call("/api/media/upload", { method: "POST", json: {}, cookie: h.devCookie });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe(MEDIA.notMultipart);
    const truncated = await h.call("/api/media/upload", {
      method: "POST",
      cookie: h.devCookie,
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\ncontent-disposition: form-data; name="media"; filename="a.mp4"\r\n\r\nhalf a file',
    });
    expect(truncated.status).toBe(400);
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
    expect(await h.deps.db.select().from(mediaFiles)).toEqual([]);
  });
});

test("partial files a crashed run left behind all go at start; later sweeps take only idle ones", async () => {
  const h = await setup();
  const dir = h.deps.env.DATA_DIR;
  const tmp = join(dir, "tmp");
  const prepared = join(dir, "media", "prepared");
  mkdirSync(tmp, { recursive: true });
  mkdirSync(prepared, { recursive: true });
  const put = (path: string, ageMs = 0) => {
    writeFileSync(path, "x");
    const at = new Date(Date.now() - ageMs);
    utimesSync(path, at, at);
  };
  put(join(tmp, "upload-a.part"));
  put(join(prepared, "1-x.mp4.part"));
  put(join(prepared, "1-done.mp4"));
  const lines: string[] = [];
  const housekeeping = await startDiskHousekeeping(dir, h.deps.sqlite, (l) => lines.push(l));
  housekeeping.stop();
  expect(filesOnDisk(dir)).toEqual(["media/prepared/1-done.mp4"]);
  expect(lines).toEqual(["Removed 2 leftover partial file(s)"]);

  const hour = 60 * 60 * 1000;
  put(join(tmp, "upload-old.part"), 2 * hour);
  put(join(prepared, "2-old.mp4.part"), 2 * hour);
  put(join(tmp, "upload-live.part"));
  put(join(prepared, "3-live.mp4.part"));
  expect(await sweepPartFiles(dir, hour)).toBe(2);
  expect(filesOnDisk(dir)).toEqual(
    ["media/prepared/1-done.mp4", "media/prepared/3-live.mp4.part", "tmp/upload-live.part"].sort(),
  );
});

test("an upload aborted half-way over a real socket leaves no temp file and no row", async () => {
  const h = await setup();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: h.app.fetch,
    maxRequestBodySize: 1 << 30,
  });
  try {
    const boundary = "----abortboundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\ncontent-disposition: form-data; name="projectId"\r\n\r\n${h.project.id}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="media"; filename="big.mp4"\r\ncontent-type: video/mp4\r\n\r\n`,
    );
    const chunk = new Uint8Array(256 * 1024).fill(7);
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      async pull(c) {
        // Half of a declared 8 MB, then stall: the abort comes while the server waits for the rest.
        if (sent >= 4 * 1024 * 1024) return new Promise(() => {});
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const request = fetch(`http://127.0.0.1:${server.port}/api/media/upload`, {
      method: "POST",
      body,
      signal: controller.signal,
      headers: { cookie: h.devCookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      // @ts-expect-error Bun streams request bodies; the flag is what browsers require
      duplex: "half",
    }).catch((e: unknown) => e);

    // The partial file must have appeared on disk, else this test proves nothing.
    const partial = () => filesOnDisk(h.deps.env.DATA_DIR).filter((f) => f.startsWith("tmp/"));
    await waitFor(
      () => partial().length === 1 && statSync(join(h.deps.env.DATA_DIR, partial()[0]!)).size > 1024 * 1024,
    );
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    await waitFor(() => filesOnDisk(h.deps.env.DATA_DIR).length === 0);
    expect(await h.deps.db.select().from(mediaFiles)).toEqual([]);
  } finally {
    server.stop(true);
  }
});

async function waitFor(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await Bun.sleep(20);
  }
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { rtmpTarget, streamArgs } from "@server/features/streaming/ffmpeg-args";
import { destinations } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import {
  makeCertificates,
  startTlsIngest,
  type TestCertificates,
  type TlsIngest,
} from "../../fakes/tls-ingest";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, TEST_PASSWORD, testApp } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// An rtmps:// ingest gets the stream key only once its certificate verified: against the system's CA
// store, or the destination's own CA file. Real ffmpeg, real nginx-rtmp behind a TLS front.

let nginx: NginxRtmp;
let certs: TestCertificates;
const fronts: TlsIngest[] = [];

beforeAll(async () => {
  nginx = await startNginxRtmp();
  certs = makeCertificates();
}, 30_000);
afterAll(async () => {
  for (const f of fronts) f.stop();
  await nginx.stop();
  certs.remove();
});

function front(cert: { cert: string; key: string }): TlsIngest {
  const f = startTlsIngest(cert, nginx.port);
  fronts.push(f);
  return f;
}

const publishes = (key: string) => nginx.events.filter((e) => e.call === "publish" && e.key === key);

async function runOnce(key: string, port: number, caFile: string | null) {
  const w = await streamingWorld();
  const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
  const dest = await w.asDev.streaming.createDestination({
    name: "Private ingest",
    type: "custom",
    rtmp_url: `rtmps://127.0.0.1:${port}/live`,
    stream_key: key,
    autorestart: false,
    project_id: w.project.id,
    ...(caFile ? { ca_file: caFile } : {}),
  });
  const stream = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
  const card = async () => (await w.asDev.streaming.destinations({ projectId: w.project.id }))[0]!;
  return { w, dest, stream, card };
}

describe("an rtmps:// ingest whose certificate does not verify", () => {
  test("a self-signed certificate is refused plainly, and the key never leaves", async () => {
    const ingest = front(certs.selfSigned);
    const { card } = await runOnce("self-signed-KEY", ingest.port, null);
    const failure = await waitUntil(async () => (await card()).last_failure, 15_000, "a failure");
    expect(failure.message).toBe(STREAMING.tlsUnverified);
    expect(failure.ended).toBe(true);
    expect(publishes("self-signed-KEY")).toEqual([]);
    // Nothing at all came through TLS: the RTMP handshake, and with it the key, never started.
    expect(ingest.bytesIn()).toBe(0);
  }, 30_000);

  test("a certificate of a private CA is refused without that CA file", async () => {
    const ingest = front(certs.signed);
    const { card } = await runOnce("no-ca-KEY", ingest.port, null);
    const failure = await waitUntil(async () => (await card()).last_failure, 15_000, "a failure");
    expect(failure.message).toBe(STREAMING.tlsUnverified);
    expect(publishes("no-ca-KEY")).toEqual([]);
    expect(ingest.bytesIn()).toBe(0);
  }, 30_000);

  test("the same certificate publishes with the destination's CA file", async () => {
    const ingest = front(certs.signed);
    const { w, stream, card } = await runOnce("with-ca-KEY", ingest.port, certs.caFile);
    await waitUntil(async () => (await nginx.flowing()).has("with-ca-KEY"), 15_000, "media at the ingest");
    expect(publishes("with-ca-KEY")).toHaveLength(1);
    expect((await card()).last_failure).toBeNull();
    await w.asDev.streaming.stop({ streamId: stream.id });
  }, 30_000);
});

describe("Check connection on an rtmps:// destination", () => {
  test("says the certificate does not verify, and trusts the destination's own CA file", async () => {
    const ingest = front(certs.signed);
    const w = await streamingWorld();
    const add = (name: string, ca_file?: string) =>
      w.asDev.streaming.createDestination({
        name,
        type: "custom",
        rtmp_url: `rtmps://127.0.0.1:${ingest.port}/live`,
        stream_key: "check-KEY",
        autorestart: false,
        project_id: w.project.id,
        ...(ca_file ? { ca_file } : {}),
      });
    const withoutCa = await add("Without CA");
    const withCa = await add("With CA", certs.caFile);
    const refused = await w.asDev.streaming.checkDestination({ id: withoutCa.id });
    expect(refused).toEqual({ ok: false, message: STREAMING.tlsUnverified, ms: null });
    const answered = await w.asDev.streaming.checkDestination({ id: withCa.id });
    expect(answered.ok).toBe(true);
    // The check stops after the handshake: nothing is published, with or without the CA.
    expect(publishes("check-KEY")).toEqual([]);
  }, 30_000);
});

describe("a destination's CA file", () => {
  test("is refused unless it is an absolute path to a certificate file, for an rtmps:// address", async () => {
    const w = await streamingWorld();
    const notPem = join(certs.dir, "notes.txt");
    writeFileSync(notPem, "not a certificate\n");
    const add = (rtmp_url: string, ca_file: string) =>
      w.asDev.streaming.createDestination({
        name: "Private",
        type: "custom",
        rtmp_url,
        stream_key: "k",
        autorestart: false,
        project_id: w.project.id,
        ca_file,
      });
    const rtmps = "rtmps://127.0.0.1:1935/live";
    await expect(add(rtmps, "ca.crt")).rejects.toThrow(STREAMING.caFileInvalid);
    await expect(add(rtmps, `${certs.caFile}\u0000`)).rejects.toThrow(STREAMING.caFileInvalid);
    await expect(add(rtmps, `/x/\u202eca.crt`)).rejects.toThrow(STREAMING.caFileInvalid);
    await expect(add(rtmps, join(certs.dir, "missing.crt"))).rejects.toThrow(STREAMING.caFileMissing);
    await expect(add(rtmps, certs.dir)).rejects.toThrow(STREAMING.caFileMissing);
    await expect(add(rtmps, notPem)).rejects.toThrow(STREAMING.caFileNotCertificate);
    await expect(add("rtmp://127.0.0.1:1935/live", certs.caFile)).rejects.toThrow(STREAMING.caFileNeedsRtmps);
    // None of the refused ones left a destination behind.
    expect(await w.asDev.streaming.destinations({ projectId: w.project.id })).toEqual([]);
  });

  test("is kept, shown to those who manage destinations only, and cleared with null", async () => {
    const w = await streamingWorld();
    const dest = await w.asDev.streaming.createDestination({
      name: "Private",
      type: "custom",
      rtmp_url: "rtmps://127.0.0.1:1935/live",
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
      ca_file: certs.caFile,
    });
    expect(dest.ca_file).toBe(certs.caFile);
    const [asViewer] = await w.asViewer.streaming.destinations({ projectId: w.project.id });
    expect(asViewer).not.toHaveProperty("ca_file");
    await expect(w.asViewer.streaming.updateDestination({ id: dest.id, ca_file: null })).rejects.toThrow();
    // Moving to plain rtmp:// while a CA file is set is refused; clearing both together is not.
    await expect(
      w.asDev.streaming.updateDestination({ id: dest.id, rtmp_url: "rtmp://127.0.0.1:1935/live" }),
    ).rejects.toThrow(STREAMING.caFileNeedsRtmps);
    const cleared = await w.asDev.streaming.updateDestination({
      id: dest.id,
      rtmp_url: "rtmp://127.0.0.1:1935/live",
      ca_file: null,
    });
    expect(cleared.ca_file).toBeNull();
  });
});

describe("ffmpeg's arguments for TLS", () => {
  test("rtmps:// verifies the certificate, with the CA file when one is named; rtmp:// is left alone", () => {
    const tls = (url: string, ca: string | null) => {
      const args = streamArgs("f.mp4", rtmpTarget(url, "KEY"), ca);
      const at = args.indexOf("-tls_verify");
      return at < 0 ? null : args.slice(at, args.indexOf("-rtmp_app"));
    };
    expect(tls("rtmps://h/app", null)).toEqual(["-tls_verify", "1"]);
    expect(tls("RTMPS://h/app", "/etc/ca.pem")).toEqual(["-tls_verify", "1", "-ca_file", "/etc/ca.pem"]);
    expect(tls("rtmp://h/app", "/etc/ca.pem")).toBeNull();
  });
});

describe("a CA file over REST", () => {
  test("one that is not a certificate answers 400 JSON and saves nothing", async () => {
    const t = testApp();
    const org = await makeOrg(t.deps);
    const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
    const project = await makeProject(t.deps, { orgId: org.id, createdBy: dev.id });
    const cookie = await t.signIn(dev.email, TEST_PASSWORD);
    const notPem = join(certs.dir, "rest-notes.txt");
    writeFileSync(notPem, "not a certificate\n");
    const body = {
      name: "Private",
      type: "custom",
      rtmp_url: "rtmps://127.0.0.1:1936/live",
      project_id: project.id,
    };
    const post = (json: unknown) => t.call("/api/destinations", { method: "POST", cookie, json });
    const refused = await post({ ...body, ca_file: notPem });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: STREAMING.caFileNotCertificate });
    expect(await t.deps.db.select().from(destinations)).toHaveLength(0);
    const made = await post({ ...body, ca_file: certs.caFile });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const put = await t.call(`/api/destinations/${id}`, { method: "PUT", cookie, json: { ca_file: notPem } });
    expect(put.status).toBe(400);
    expect((await t.deps.db.select().from(destinations))[0]?.caFile).toBe(certs.caFile);
  });
});

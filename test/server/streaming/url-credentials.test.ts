import { describe, expect, test } from "bun:test";
import { urlForAnswer } from "@server/features/streaming/url-credentials";
import { destinations } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { sessionCookie } from "../../support/api-tokens";
import { testApp } from "../../support/server";
import { streamingWorld } from "./streaming-fixtures";

// A destination URL can carry the ingest's credentials (`user:password@`) or the key itself as its
// last path segment. Neither is read back by someone who may not have it.

const WITH_PASSWORD = "rtmp://studio:PA55WORD-x@127.0.0.1:1935/live";
const KEY_IN_PATH = "rtmp://127.0.0.1:1935/live2/SECRETKEY-in-path";

async function world() {
  const w = await streamingWorld();
  const make = (name: string, rtmp_url: string) =>
    w.asDev.streaming.createDestination({
      name,
      type: "custom",
      rtmp_url,
      stream_key: "",
      autorestart: false,
      project_id: w.project.id,
    });
  const withPassword = await make("Relay", WITH_PASSWORD);
  const keyInPath = await make("YouTube", KEY_IN_PATH);
  const t = testApp(w.deps);
  const rest = async (userId: number, path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.call(path, { ...init, cookie: await sessionCookie(w.deps, userId) });
    return { status: res.status, text: await res.text() };
  };
  return { w, withPassword, keyInPath, rest };
}

describe("credentials in destination URLs", () => {
  test("no role reads the URL's password, over REST or tRPC, in lists or in the answer to a write", async () => {
    const { w, withPassword, rest } = await world();
    expect(JSON.stringify(withPassword)).not.toContain("PA55WORD");
    expect(withPassword.rtmp_url).toBe("rtmp://****@127.0.0.1:1935/live");
    for (const user of [w.viewer, w.dev, w.admin]) {
      const list = await rest(user.id, `/api/destinations/${w.project.id}`);
      expect(list.status).toBe(200);
      expect(list.text).not.toContain("PA55WORD");
      expect(list.text).not.toContain("studio:");
      expect(list.text).toContain("rtmp://****@127.0.0.1:1935/live");
    }
    for (const caller of [w.asViewer, w.asDev, w.asAdmin]) {
      expect(JSON.stringify(await caller.streaming.destinations({ projectId: w.project.id }))).not.toContain(
        "PA55WORD",
      );
    }
    const renamed = await rest(w.dev.id, `/api/destinations/${withPassword.id}`, {
      method: "PUT",
      json: { name: "Relay 2" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.text).not.toContain("PA55WORD");
  });

  test("a viewer does not read a key written into the URL's path; a developer does", async () => {
    const { w, keyInPath, rest } = await world();
    const viewerList = await rest(w.viewer.id, `/api/destinations/${w.project.id}`);
    expect(viewerList.text).not.toContain("SECRETKEY");
    expect(viewerList.text).toContain("rtmp://127.0.0.1:1935/live2/****");
    const [, viaTrpc] = await w.asViewer.streaming.destinations({ projectId: w.project.id });
    expect(viaTrpc!.rtmp_url).toBe("rtmp://127.0.0.1:1935/live2/****");
    const devList = await rest(w.dev.id, `/api/destinations/${w.project.id}`);
    expect(devList.text).toContain(KEY_IN_PATH);
    expect(keyInPath.rtmp_url).toBe(KEY_IN_PATH);
  });

  test("sending the masked URL back keeps the stored password, but never moves it to another server", async () => {
    const { w, withPassword, rest } = await world();
    const stored = async () =>
      (await w.deps.db.select().from(destinations).where(eq(destinations.id, withPassword.id)))[0]!.rtmpUrl;
    const same = await rest(w.dev.id, `/api/destinations/${withPassword.id}`, {
      method: "PUT",
      json: { rtmp_url: "rtmp://****@127.0.0.1:1935/live-b" },
    });
    expect(same.status).toBe(200);
    expect(await stored()).toBe("rtmp://studio:PA55WORD-x@127.0.0.1:1935/live-b");
    // The attacker's move: point the URL at a server of one's own and keep the mask.
    const moved = await rest(w.dev.id, `/api/destinations/${withPassword.id}`, {
      method: "PUT",
      json: { rtmp_url: "rtmp://****@127.0.0.2:1935/live-b" },
    });
    expect(moved.status).toBe(400);
    expect(JSON.parse(moved.text)).toEqual({ error: STREAMING.rtmpCredentialsAgain });
    expect(await stored()).toBe("rtmp://studio:PA55WORD-x@127.0.0.1:1935/live-b");
  });

  test("the rule, written out", () => {
    expect(urlForAnswer("rtmp://u:p@h/app/inst/KEY?x=1", true)).toBe("rtmp://****@h/app/inst/KEY?x=1");
    expect(urlForAnswer("rtmp://u:p@h/app/inst/KEY?x=1", false)).toBe("rtmp://****@h/app/****?****");
    expect(urlForAnswer("rtmps://h:443/app", false)).toBe("rtmps://h:443/app");
    expect(urlForAnswer("rtmp://ingest-rtmp.broadcast.steamcontent.com/app", false)).toBe(
      "rtmp://ingest-rtmp.broadcast.steamcontent.com/app",
    );
    expect(urlForAnswer("rtmp://h", false)).toBe("rtmp://h");
  });
});

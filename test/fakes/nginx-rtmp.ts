import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort, isListening, waitFor } from "./rtmp-receiver";

// A real ingest: nginx with the RTMP module on loopback, as Steam's ingest behaves for a publisher
// (many publishers, one application). Unlike an `ffmpeg -listen` receiver it takes any number of
// connections, so the console's reachability probe can knock without using anything up.
// nginx reports each publish to a small HTTP endpoint of the test (on_publish), with the name and
// the tcUrl the publisher sent, and /stat says which streams have media flowing.

const MODULE = "/usr/lib/nginx/modules/ngx_rtmp_module.so";

export interface PublishEvent {
  call: string;
  app: string;
  name: string;
  tcurl: string;
  /** The whole publish name the publisher sent (nginx's `name` plus what followed a `?`). */
  key: string;
  at: number;
}

/** One stream name as nginx's stat page shows it. */
export interface StatStream {
  name: string;
  /** Connections publishing to this name right now (nginx lets only one publish; 2 would be a bug). */
  publishers: number;
  /** The publisher's last media timestamp in ms (0 before the first frame or without a publisher). */
  timestamp: number;
}

export interface NginxRtmp {
  port: number;
  /** The destination URL (application `live`), without a key. */
  rtmpUrl: string;
  /** Every publish and publish_done nginx reported, in order. */
  events: PublishEvent[];
  /** Names of streams with media past timestamp 0 right now. */
  flowing(): Promise<Set<string>>;
  /** Every stream on the stat page right now; throws while nginx is down. */
  streams(): Promise<StatStream[]>;
  /** nginx's error log so far (warnings and up, over every start), e.g. `already publishing` refusals. */
  errorLog(): string;
  /** Kills nginx: every publisher loses its connection and the port refuses new ones. */
  down(): Promise<void>;
  /** Starts nginx again on the same port. */
  up(): Promise<void>;
  /** The FLV files recorded so far, oldest publish first (with `record`). */
  recordings(): string[];
  stop(): Promise<void>;
  /** nginx's own folder (configuration, logs, recordings); stop() removes it. */
  prefix: string;
}

/**
 * nginx-rtmp cuts a publish name at its first `?`: it reports the part before as `name` and appends
 * the rest raw after its own fields (`call`, `name`, and `type` on publish). Put the two back together.
 */
function publishedName(raw: string): string {
  const fields = raw.split("&");
  const call = fields.findIndex((f) => f.startsWith("call="));
  if (call < 0) return "";
  const name = new URLSearchParams(fields[call + 1] ?? "").get("name") ?? "";
  const rest = call + (fields[call + 2]?.startsWith("type=") ? 3 : 2);
  const args = fields.slice(rest).join("&");
  return args ? `${name}?${args}` : name;
}

const started = new Set<Subprocess>();
process.once("exit", () => {
  for (const p of started) if (p.exitCode === null) p.kill("SIGKILL");
});

export interface NginxRtmpOptions {
  /** Publish names the ingest refuses: its on_publish hook answers 403, as for a revoked key. */
  refuse?: (key: string) => boolean;
  /** Records every publish to its own FLV file (see `recordings`), as a receiver keeps what it got. */
  record?: boolean;
}

/** nginx ended before it listened: most often a port taken between choosing it and binding it. */
class ExitedAtStart extends Error {}

/**
 * A fresh nginx-rtmp on free ports. Suites run side by side, so a port chosen free may be taken by
 * another process before nginx binds it: nginx then exits at once, and the ingest starts again on
 * other ports (three tries).
 */
export async function startNginxRtmp(options: NginxRtmpOptions = {}): Promise<NginxRtmp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      if (!(err instanceof ExitedAtStart) || attempt >= 3) throw err;
    }
  }
}

async function startOnce(options: NginxRtmpOptions): Promise<NginxRtmp> {
  const port = freePort();
  const httpPort = freePort();
  const prefix = mkdtempSync(join(tmpdir(), "console-nginx-"));
  mkdirSync(join(prefix, "logs"), { recursive: true });
  const errorLog = join(prefix, "logs", "error.log");
  const events: PublishEvent[] = [];
  const hooks = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const raw = await req.text();
      const form = new URLSearchParams(raw);
      const event = {
        call: form.get("call") ?? "",
        app: form.get("app") ?? "",
        name: form.get("name") ?? "",
        tcurl: form.get("tcurl") ?? "",
        key: publishedName(raw),
        at: Date.now(),
      };
      events.push(event);
      if (event.call === "publish" && options.refuse?.(event.key))
        return new Response("refused", { status: 403 });
      return new Response("ok");
    },
  });
  const recDir = join(prefix, "rec");
  mkdirSync(recDir, { recursive: true });
  const record = options.record ? `record all; record_path ${recDir}; record_unique on;` : "record off;";
  const conf = join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `load_module ${MODULE};
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    chunk_size 4096;
    application live {
      live on;
      ${record}
      on_publish http://127.0.0.1:${hooks.port}/publish;
      on_publish_done http://127.0.0.1:${hooks.port}/done;
    }
  }
}
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${httpPort};
    location /stat { rtmp_stat all; }
  }
}
`,
  );
  let proc: Subprocess | null = null;
  const up = async () => {
    const child = Bun.spawn(["nginx", "-p", prefix, "-c", conf, "-e", join(prefix, "logs", "error.log")], {
      stdin: "ignore",
      stdout: "ignore",
      stderr: "ignore",
    });
    proc = child;
    started.add(child);
    void child.exited.then(() => started.delete(child));
    // Seconds on a loaded machine: nginx reads its configuration and loads the RTMP module first.
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new ExitedAtStart(`nginx-rtmp exited at start:\n${readLog()}`);
        return isListening(port) && isListening(httpPort);
      },
      20_000,
      "nginx-rtmp to listen",
    );
  };
  const readLog = () => {
    try {
      return readFileSync(errorLog, "utf8");
    } catch {
      return "";
    }
  };
  const down = async () => {
    const child = proc;
    proc = null;
    if (!child || child.exitCode !== null) return;
    // One process (no master): SIGKILL drops every publisher at once, with no goodbye.
    child.kill("SIGKILL");
    await child.exited;
    await waitFor(() => !isListening(port), 5000, "nginx-rtmp to stop listening");
  };
  const streams = async (): Promise<StatStream[]> => {
    const stat = await fetch(`http://127.0.0.1:${httpPort}/stat`, { signal: AbortSignal.timeout(2000) });
    const xml = await stat.text();
    const found: StatStream[] = [];
    for (const block of xml.split("<stream>").slice(1)) {
      const name = /<name>([^<]+)<\/name>/.exec(block)?.[1];
      if (!name) continue;
      const publishing = block
        .split("<client>")
        .slice(1)
        .filter((c) => c.includes("<publishing/>"));
      const timestamp = Number(/<timestamp>(\d+)<\/timestamp>/.exec(publishing[0] ?? "")?.[1] ?? 0);
      found.push({ name, publishers: publishing.length, timestamp });
    }
    return found;
  };
  try {
    await up();
  } catch (err) {
    hooks.stop(true);
    rmSync(prefix, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    prefix,
    rtmpUrl: `rtmp://127.0.0.1:${port}/live`,
    events,
    async flowing() {
      return new Set((await streams()).filter((s) => s.timestamp > 0).map((s) => s.name));
    },
    streams,
    errorLog: readLog,
    down,
    up,
    recordings: () =>
      readdirSync(recDir)
        .filter((f) => f.endsWith(".flv"))
        .sort()
        .map((f) => join(recDir, f)),
    async stop() {
      await down();
      hooks.stop(true);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

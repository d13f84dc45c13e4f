import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import { type PgServer, type PgSettings, startPostgres } from "../support/postgres";
import { type Api, type SpawnedServer, signIn, spawnServer, stopServer } from "../support/server-process";

/**
 * Several console nodes as an operator would run them on several machines: each its own process,
 * port, name and data folder, all on one PostgreSQL database, with `DATA_DIR/media` one folder every
 * node reads (a symlink here, an NFS or cloud file system mount in production). One nginx-rtmp ingest
 * logs every publish with its key.
 */
export interface ClusterNode {
  name: string;
  dataDir: string;
  server: SpawnedServer;
  url: string;
  pid: number;
  api(): Promise<Api>;
}

export interface Cluster {
  pg: PgServer;
  databaseUrl: string;
  ingest: NginxRtmp;
  mediaDir: string;
  nodes: Map<string, ClusterNode>;
  /**
   * Starts (or starts again) the node of this name. `mediaDir` links its media folder elsewhere than
   * the shared one: a machine whose mount is missing or points at the wrong place.
   */
  startNode(name: string, env?: Record<string, string>, opts?: { mediaDir?: string }): Promise<ClusterNode>;
  stopNode(name: string): Promise<void>;
  /** The streams each node holds an unexpired lease on, read from the database. */
  leasesByNode(): Promise<Map<string, number[]>>;
  stop(): Promise<void>;
}

export async function startCluster(
  names: string[],
  env: Record<string, string> = {},
  postgres: PgSettings = {},
): Promise<Cluster> {
  const root = mkdtempSync(join(tmpdir(), "console-cluster-"));
  const mediaDir = join(root, "shared-media");
  mkdirSync(mediaDir);
  const pg = await startPostgres(postgres);
  const databaseUrl = await pg.createDatabase();
  const ingest = await startNginxRtmp();
  const nodes = new Map<string, ClusterNode>();

  async function startNode(
    name: string,
    extra: Record<string, string> = {},
    opts: { mediaDir?: string } = {},
  ): Promise<ClusterNode> {
    const dataDir = join(root, name);
    mkdirSync(dataDir, { recursive: true });
    try {
      symlinkSync(opts.mediaDir ?? mediaDir, join(dataDir, "media"));
    } catch {
      // Started before: the link is there.
    }
    const server = await spawnServer(["bun", "server/main.ts"], {
      dataDir,
      env: {
        NODE_ENV: "production",
        LOG_FORMAT: "pretty",
        DATABASE_URL: databaseUrl,
        NODE_NAME: name,
        ...env,
        ...extra,
      },
      readyMs: 60_000,
    });
    const node = {
      name,
      dataDir,
      server,
      url: server.url,
      pid: server.proc.pid,
      api: () => signIn(server.url),
    };
    nodes.set(name, node);
    return node;
  }

  // One at a time at first, so the first node migrates and seeds and the others find it done.
  for (const name of names) await startNode(name);
  return {
    pg,
    databaseUrl,
    ingest,
    mediaDir,
    nodes,
    startNode,
    async leasesByNode() {
      const sql = new SQL({ url: databaseUrl, max: 1 });
      try {
        const rows =
          (await sql`select stream_id, node from stream_leases where expires_at > ${Date.now()}`) as {
            stream_id: number;
            node: string;
          }[];
        const by = new Map<string, number[]>();
        for (const r of rows) by.set(r.node, [...(by.get(r.node) ?? []), r.stream_id]);
        return by;
      } finally {
        await sql.close();
      }
    },
    async stopNode(name) {
      const node = nodes.get(name);
      if (node) await stopServer(node.server.proc);
    },
    async stop() {
      await Promise.all([...nodes.values()].map((n) => stopServer(n.server.proc)));
      await ingest.stop();
      await pg.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

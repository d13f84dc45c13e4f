// What a node costs its PostgreSQL with 100 streams on air: two nodes on one private PostgreSQL, 100
// looping streams of a small 320x180 clip by stream copy to nginx-rtmp (50 started on each node), held
// for a steady window; then the second node is stopped, hands its streams over, and the first one runs
// all 100 for another window. Counted from PostgreSQL itself, as an outsider would: each node signs in
// as a database role of its own, and pg_stat_statements (loaded on this bench's server only) counts
// the statements per role; pg_stat_database counts the transactions of the whole database.
// Budget: ≤ 100 statements/s per node with 100 streams. A renewal every 2 s is the one per-stream
// duty a node has towards the database; done as a batch it is a handful of statements per round, so
// the stream count should barely move the figure. 100/s leaves room for the heartbeat, the claim
// round and the leader's work, and still means ten nodes cost a modest PostgreSQL about 1,000/s.
// It prints the figures beside the budget and asserts nothing.
// Run: bun test/bench/pg-queries.ts   (env: STREAMS=100, SECONDS=60)
import { readFileSync } from "node:fs";
import { SQL } from "bun";
import { type Cluster, startCluster } from "../cluster/cluster";
import { addDestination, projectWithVideo, startStream } from "../faults/harness";
import { waitUntil } from "../support/wait";

const STREAMS = Number(process.env.STREAMS ?? 100);
const HOLD_S = Number(process.env.SECONDS ?? 60);
const BUDGET_PER_NODE = 100;
/** Before each window: start-ups and hand-overs settle, and counts a backend still held are flushed. */
const SETTLE_S = 15;
const NODES = ["pgq-a", "pgq-b"] as const;

/** The database role a node signs in as: pg_stat_statements keeps its statements apart by it. */
const roleOf = (node: string) => node.replaceAll("-", "_");

interface Statement {
  role: string;
  query: string;
  calls: number;
  ms: number;
}

async function statements(admin: SQL): Promise<Statement[]> {
  const rows = (await admin`
    select r.rolname as role, s.query, s.calls::float8 as calls, s.total_exec_time as ms
    from pg_stat_statements s
    join pg_roles r on r.oid = s.userid
    join pg_database d on d.oid = s.dbid
    where d.datname = current_database()`) as Statement[];
  return rows.map((r) => ({ ...r, calls: Number(r.calls), ms: Number(r.ms) }));
}

async function transactions(admin: SQL): Promise<number> {
  // The counters a backend keeps are flushed at most once a second: read them after a pause.
  const [row] = (await admin`
    select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = current_database()`) as {
    n: number;
  }[];
  return Number(row!.n);
}

const f1 = (x: number) => x.toFixed(1);
const oneLine = (q: string, width = 110) => {
  const s = q.replace(/\s+/g, " ").trim();
  return s.length > width ? `${s.slice(0, width - 1)}…` : s;
};

/** One steady window: statements per role and the database's transactions, from zeroed counters. */
async function window(admin: SQL, label: string, running: readonly string[]) {
  await Bun.sleep(SETTLE_S * 1000);
  await admin`select pg_stat_statements_reset()`;
  const tx0 = await transactions(admin);
  const t0 = performance.now();
  await Bun.sleep(HOLD_S * 1000);
  const seconds = (performance.now() - t0) / 1000;
  // Let the backends flush their transaction counts (at most once a second) before reading them.
  await Bun.sleep(1500);
  const tx = (await transactions(admin)) - tx0;
  const rows = (await statements(admin)).filter((r) => running.some((n) => roleOf(n) === r.role));
  console.log(`\n${label}: ${STREAMS} streams, ${f1(seconds)} s`);
  for (const node of running) {
    const mine = rows.filter((r) => r.role === roleOf(node));
    const calls = mine.reduce((a, r) => a + r.calls, 0);
    const framing = mine
      .filter((r) => /^(begin|commit|rollback)\b/i.test(r.query.trim()))
      .reduce((a, r) => a + r.calls, 0);
    const commits = mine.filter((r) => /^commit\b/i.test(r.query.trim())).reduce((a, r) => a + r.calls, 0);
    const perS = calls / seconds;
    console.log(
      `  ${node}: ${f1(perS)} statements/s (${f1((calls - framing) / seconds)}/s besides BEGIN/COMMIT), ${f1(commits / seconds)} explicit transactions/s, DB time ${f1(mine.reduce((a, r) => a + r.ms, 0) / seconds)} ms/s   (budget ≤ ${BUDGET_PER_NODE}/s: ${perS <= BUDGET_PER_NODE ? "met" : "MISSED"})`,
    );
  }
  console.log(
    `  transactions, whole database (pg_stat_database, this bench's few reads included): ${f1(tx / seconds)}/s`,
  );
  const byQuery = new Map<string, { calls: number; ms: number }>();
  for (const r of rows) {
    const q = byQuery.get(r.query) ?? { calls: 0, ms: 0 };
    byQuery.set(r.query, { calls: q.calls + r.calls, ms: q.ms + r.ms });
  }
  const total = rows.reduce((a, r) => a + r.calls, 0);
  console.log("  top 5 statements (all nodes):");
  for (const [q, s] of [...byQuery].sort((a, b) => b[1].calls - a[1].calls).slice(0, 5)) {
    console.log(
      `    ${f1(s.calls / seconds).padStart(6)}/s ${f1((s.calls / total) * 100).padStart(5)} %  ${oneLine(q)}`,
    );
  }
}

let cluster: Cluster | undefined;
let admin: SQL | undefined;
try {
  cluster = await startCluster([], {}, { preloadLibraries: ["pg_stat_statements"] });
  admin = new SQL({ url: cluster.databaseUrl, max: 1 });
  await admin`create extension pg_stat_statements`;
  const nodeUrl = (node: string) => {
    const url = new URL(cluster!.databaseUrl);
    url.username = roleOf(node);
    url.password = `bench-${node}`;
    return url.toString();
  };
  for (const node of NODES) {
    // Superuser: the first node creates the tables, and the other must use them; a throwaway server.
    await admin.unsafe(`create role ${roleOf(node)} login superuser password 'bench-${node}'`);
  }
  for (const node of NODES) await cluster.startNode(node, { DATABASE_URL: nodeUrl(node) });

  const apis = await Promise.all(NODES.map((n) => cluster!.nodes.get(n)!.api()));
  const { projectId, mediaId } = await projectWithVideo(apis[0]!, "Query bench");
  const keys: string[] = [];
  for (let i = 0; i < STREAMS; i++) {
    // Half of the streams started through each node: a stream runs on the node that was asked.
    const api = apis[i % NODES.length]!;
    const key = `pgq-${i}`;
    const destinationId = await addDestination(api, projectId, {
      name: `Ingest ${i}`,
      rtmpUrl: cluster.ingest.rtmpUrl,
      key,
    });
    await startStream(api, destinationId, mediaId);
    keys.push(key);
  }
  const allFlowing = async () => {
    const flowing = await cluster!.ingest.flowing();
    return keys.every((k) => flowing.has(k));
  };
  await waitUntil(allFlowing, 120_000, "every stream to publish", 500);
  const spread = async () =>
    [...(await cluster!.leasesByNode())].map(([n, ids]) => `${n} ${ids.length}`).join(", ");
  console.log(`leases: ${await spread()}`);
  await window(admin, "two nodes", NODES);

  await cluster.stopNode(NODES[1]);
  await waitUntil(
    async () => (await cluster!.leasesByNode()).get(NODES[0])?.length === STREAMS && (await allFlowing()),
    60_000,
    "the first node to run every stream",
    500,
  );
  console.log(`\nsecond node stopped; leases: ${await spread()}`);
  await window(admin, "one node", [NODES[0]]);
  console.log(`\nload average: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
} finally {
  await admin?.close();
  await cluster?.stop();
}

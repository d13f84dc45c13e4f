// What the nodes list and the stream cards say about the console processes running streams.
export const NODES = {
  title: "Nodes",
  hint: "The console processes running streams, as their last heartbeat left them.",
  name: "Node",
  streams: "Streams",
  cpu: "CPU",
  memory: "Memory",
  lastHeartbeat: "Last heartbeat",
  down: "Down",
  none: "No node has reported yet.",
  streamsOfMax: (streams: number, max: number | null) => `${streams} / ${max ?? "unlimited"}`,
  heartbeatAge: (seconds: number) =>
    seconds < 60
      ? `${seconds} s ago`
      : seconds < 3600
        ? `${Math.floor(seconds / 60)} min ago`
        : `${Math.floor(seconds / 3600)} h ago`,
  onNode: (name: string) => `On node ${name}`,
  /** A live stream whose node stopped renewing its lease: another node is about to take it over. */
  moving: (name: string | null) =>
    name
      ? `Moving: node ${name} stopped answering, another node takes the stream over`
      : "Moving to another node",
  /** A live stream's card while the console answers that its database is out of reach. */
  databaseAway:
    "The console cannot reach its database, so this stream may stop for a while. It starts again by itself once the database is back.",
  /** A node found it cannot read the stream's media (a mount missing on its machine) and handed it on. */
  cannotRead: (node: string, file: string) =>
    `Node ${node} cannot read ${file}; another node takes the stream over.`,
  /** No node that was up could read the stream's media, so the stream failed. */
  readByNone: (file: string, nodes: readonly string[]) =>
    `No node could read ${file} (tried on ${nodes.join(", ")}).`,
  loadFailed: "The nodes could not be loaded.",
};

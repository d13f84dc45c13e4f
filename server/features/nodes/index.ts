// What the composition root builds from nodes: the heartbeat and the stream's node record.
export { NodeHeartbeat, nodeCapacity } from "./heartbeat";
export { NodeLeases, type NodeLeasesHost } from "./node-leases";
export { streamNodeRecorder } from "./stream-node";

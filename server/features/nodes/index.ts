// What the composition root builds from nodes: the heartbeat, the stream leases, the leader of the
// singletons, the node events and the stream's node record.
export { NodeHeartbeat, nodeCapacity } from "./heartbeat";
export { BACKGROUND_ROLE, LeaderKeeper, type SingletonWorker } from "./leader";
export { NodeDownWatch } from "./node-down";
export { NodeLeases, type NodeLeasesHost } from "./node-leases";
export { announceStreamMoved } from "./stream-moved";
export { streamNodeRecorder } from "./stream-node";

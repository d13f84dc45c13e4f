// What the composition root builds from nodes: the heartbeat and the stream's node record.
export { NodeHeartbeat, nodeCapacity } from "./heartbeat";
export { streamNodeRecorder } from "./stream-node";

// What a destination is and which state a stream is in: the words both the inputs and the answers
// of the streaming calls are built from.

export const DESTINATION_TYPES = ["steam", "custom"] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export const STREAM_STATUSES = ["starting", "running", "stopping", "stopped", "error"] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

// What other features may use of streaming: the streams and destinations they look up, the start
// the scheduler drives, the counts the dashboard shows and the uptime record (intents and runs),
// the machine's CPU figure and the run listener type a node's heartbeat and run record use.
export { findDestination } from "./destinations";
export type { RunListener } from "./run-observers";
export { storePageSpans } from "./store-page/state-store";
export { storePagesInScope } from "./store-page/store-page";
export { recordAndLaunch, requireProjectVideo, sourceFor } from "./stream-start";
export { type DestinationRow, liveStatusFilter, type StreamRow } from "./stream-store";
export { liveStreamsByDestination } from "./stream-views";
export { clearEndedStreams, findStream } from "./streams";
export { serverCpuPercent } from "./system-figures";
export { startOfDay, streamCount } from "./system-info";
export {
  closeIntent,
  failureTimes,
  intentsOf,
  plannedReconnectTimes,
  runsOf,
  type Span,
  wentLive,
} from "./uptime-store";

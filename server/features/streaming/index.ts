// What other features may use of streaming: the streams and destinations they look up, the start
// the scheduler drives, the counts the dashboard shows and the uptime record (intents and runs),
// and the machine's CPU figure a node's heartbeat reports.
export { findDestination } from "./destinations";
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

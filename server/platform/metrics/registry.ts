import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

// Counters and the request histogram, process-wide: the code that counts (the Steam client, the
// upload, the supervisor) holds no deps, and one process serves one console. Gauges of the streams'
// state are read from the database at each scrape instead (streams.ts).

export const PREFIX = "stream_console_";
export const processRegistry = new Registry();

let processMetricsOn = false;

/**
 * Process CPU seconds, resident memory, heap, event-loop lag (prom-client's own set runs under Bun).
 * Started only where /metrics is served: the event-loop monitor samples for as long as it runs.
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
  // These three are gauges named like counters, which Prometheus's naming rules (and promtool)
  // refuse; each is the sum of its labelled sibling (`nodejs_active_handles{type}` and so on).
  for (const name of COUNTER_NAMED_GAUGES) processRegistry.removeSingleMetric(name);
}

const COUNTER_NAMED_GAUGES = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

export const streamRestarts = new Counter({
  name: `${PREFIX}stream_restarts_total`,
  help: "Streams restarted after a failure (auto-restart destinations).",
  registers: [processRegistry],
});

export const plannedReconnects = new Counter({
  name: `${PREFIX}stream_planned_reconnects_total`,
  help: "Runs ended on purpose and started again at once (timestamp limit or a destination's interval).",
  registers: [processRegistry],
});

export const streamFailures = new Counter({
  name: `${PREFIX}stream_failures_total`,
  help: "Stream runs that ended in a failure (ffmpeg exited, stalled, or could not start).",
  registers: [processRegistry],
});

export const uploadBytes = new Counter({
  name: `${PREFIX}upload_bytes_total`,
  help: "Bytes of media files stored by uploads.",
  registers: [processRegistry],
});

export const uploadFailures = new Counter({
  name: `${PREFIX}upload_failures_total`,
  help: "Uploads refused or failed (too large, disk full, unsupported, cut off).",
  registers: [processRegistry],
});

export const steamCalls = new Counter({
  name: `${PREFIX}steam_calls_total`,
  help: "Calls to Steam by endpoint (retries included in one call).",
  labelNames: ["endpoint"],
  registers: [processRegistry],
});

export const steamErrors = new Counter({
  name: `${PREFIX}steam_errors_total`,
  help: "Calls to Steam that failed after their retries, by endpoint.",
  labelNames: ["endpoint"],
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: "HTTP request duration by method, route pattern and status.",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

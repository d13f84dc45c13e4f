export const METRICS = {
  tokenRequired: "Metrics need the metrics token (Authorization: Bearer …).",
  loopbackOnly: "Metrics are only answered on this machine. Set METRICS_TOKEN to read them from elsewhere.",
} as const;

import { createHmac } from "node:crypto";
import { type ConsoleEvent, REPEATED_WINDOW_MS } from "@server/platform/events/bus";
import { EVENT_LABELS, EVENT_FACTS as F, WEBHOOKS } from "@shared/messages/webhooks";
import type { WebhookFormat } from "@shared/schemas/webhooks";

/** What a payload tells: a console event (ids and names only) or a test. */
export type PayloadEvent = Omit<ConsoleEvent, "type"> & {
  type: ConsoleEvent["type"] | "webhook.test" | "analytics.digest";
  projectName: string;
};

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The facts of an event, one line each, for people. */
function facts(e: PayloadEvent): [string, string][] {
  const rows: [string, string | number | undefined][] = [
    [F.project, e.projectName],
    [F.destination, e.destinationName],
    [F.media, e.mediaName],
    [
      e.type === "stream.recovered" ? F.failuresBeforeRecovery : F.failures(REPEATED_WINDOW_MS / 60_000),
      e.failures,
    ],
    [F.appId, e.appId],
    [F.appTitle, e.appTitle],
    [F.players, e.players],
    [F.previousPeak, e.previousPeak],
    [F.reviewScore, e.reviewScore],
    [F.previousReviewScore, e.previousReviewScore],
    [F.node, e.node],
    [
      F.lastHeartbeat,
      e.lastHeartbeatAt === undefined ? undefined : new Date(e.lastHeartbeatAt).toISOString(),
    ],
    [F.streams, e.streams],
    [F.fromNode, e.fromNode ?? undefined],
    [F.toNode, e.toNode],
    [F.figure, e.figure],
    [F.date, e.date],
    [F.value, e.value],
    [F.usualRange, e.usualLow === undefined ? undefined : F.range(e.usualLow, e.usualHigh ?? e.usualLow)],
    [F.country, e.country],
  ];
  return rows.filter((r): r is [string, string | number] => r[1] !== undefined).map(([k, v]) => [k, `${v}`]);
}

const titleOf = (e: PayloadEvent) =>
  `${EVENT_LABELS[e.type]}${e.destinationName ? `: ${e.destinationName}` : ""}`;

/** Our own JSON: stable snake_case fields a receiver's code can read. */
function generic(e: PayloadEvent) {
  return {
    event: e.type,
    title: titleOf(e),
    at: new Date(e.at).toISOString(),
    project_id: e.projectId,
    project_name: e.projectName,
    stream_id: e.streamId ?? null,
    destination_id: e.destinationId ?? null,
    destination_name: e.destinationName ?? null,
    media_id: e.mediaId ?? null,
    media_name: e.mediaName ?? null,
    schedule_id: e.scheduleId ?? null,
    failures: e.failures ?? null,
    app_id: e.appId ?? null,
    app_title: e.appTitle ?? null,
    players: e.players ?? null,
    previous_peak: e.previousPeak ?? null,
    review_score: e.reviewScore ?? null,
    previous_review_score: e.previousReviewScore ?? null,
    message: e.message ?? null,
    ...nodeFields(e),
  };
}

/** The fields of the node events, only on those (the other events' payloads stay as they were). */
function nodeFields(e: PayloadEvent) {
  if (e.type === "node.down")
    return {
      node: e.node ?? null,
      last_heartbeat_at: e.lastHeartbeatAt === undefined ? null : new Date(e.lastHeartbeatAt).toISOString(),
      streams: e.streams ?? 0,
    };
  if (e.type === "stream.moved") return { from: e.fromNode ?? null, to: e.toNode ?? null };
  if (e.type === "analytics.anomaly")
    return {
      figure: e.figure ?? null,
      date: e.date ?? null,
      value: e.value ?? null,
      usual_low: e.usualLow ?? null,
      usual_high: e.usualHigh ?? null,
      country: e.country ?? null,
    };
  return {};
}

const COLORS: Record<PayloadEvent["type"], number> = {
  "stream.failed": 0xe53e3e,
  "stream.restarting_repeatedly": 0xc53030,
  "stream.stalled": 0xdd6b20,
  "stream.recovered": 0x38a169,
  "schedule.started": 0x3182ce,
  "schedule.ended": 0x718096,
  "preparation.failed": 0xd69e2e,
  "store_page.live": 0x38a169,
  "store_page.not_shown": 0xe53e3e,
  "store_page.wrong_app": 0xdd6b20,
  "analytics.wishlist_deletes_spike": 0xb7791f,
  "analytics.refund_spike": 0xc53030,
  "analytics.player_peak": 0x38a169,
  "analytics.review_score_changed": 0x3182ce,
  "stream.moved": 0x3182ce,
  "node.down": 0xe53e3e,
  "analytics.anomaly": 0xd69e2e,
  "analytics.digest": 0x2b6cb0,
  "webhook.test": 0x805ad5,
};

/** Discord's execute-webhook body: a content line and one embed, inside Discord's limits; no pings. */
function discord(e: PayloadEvent) {
  return {
    content: cut(titleOf(e), 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(EVENT_LABELS[e.type], 256),
        description: cut(e.message ?? "", 4096) || undefined,
        color: COLORS[e.type],
        timestamp: new Date(e.at).toISOString(),
        fields: facts(e).map(([name, value]) => ({ name, value: cut(value, 1024), inline: true })),
      },
    ],
  };
}

// Slack reads &, < and > as markup (`<!channel>` would ping everyone): names are escaped.
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Slack's incoming-webhook body: `text` as the notification fallback, blocks for the message. */
function slack(e: PayloadEvent) {
  const lines = facts(e).map(([k, v]) => `*${k}:* ${esc(v)}`);
  const body = [`*${esc(titleOf(e))}*`, ...(e.message ? [esc(e.message)] : []), ...lines].join("\n");
  return {
    text: cut(esc(titleOf(e)), 3000),
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: cut(body, 3000) } },
      {
        type: "context",
        elements: [{ type: "mrkdwn", text: `${WEBHOOKS.sender} · ${new Date(e.at).toISOString()}` }],
      },
    ],
  };
}

export function renderPayload(format: WebhookFormat, e: PayloadEvent): string {
  const body = format === "discord" ? discord(e) : format === "slack" ? slack(e) : generic(e);
  return JSON.stringify(body);
}

export const SIGNATURE_HEADER = "X-Console-Signature";
export const TIMESTAMP_HEADER = "X-Console-Timestamp";
export const EVENT_HEADER = "X-Console-Event";

/** HMAC-SHA256 over "<timestamp>.<raw body>": a replayed body with a new timestamp fails. */
export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

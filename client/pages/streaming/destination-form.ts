import { STREAMING_UI } from "@client/messages/streaming-ui";
import { STEAM_INGEST_URL, STREAMING } from "@shared/messages/streaming";
import { createDestinationInput, type DestinationView } from "@shared/schemas/streaming";

// Add Destination's form. The form checks with the same schema the server parses, so a
// message shown here is the one the server would answer.
export interface DestinationFormValues {
  name: string;
  type: "steam" | "custom";
  rtmp_url: string;
  stream_key: string;
  autorestart: boolean;
  /** Custom destinations only: a private rtmps:// ingest's CA file on the server; "" for none. */
  ca_file: string;
  /** "Reconnect every N hours", as typed; "" for off. */
  reconnect_hours: string;
}

export type DestinationFormErrors = Partial<Record<keyof DestinationFormValues, string>>;

export const emptyDestinationForm = (): DestinationFormValues => ({
  name: "",
  type: "steam",
  rtmp_url: STEAM_INGEST_URL,
  stream_key: "",
  autorestart: false,
  ca_file: "",
  reconnect_hours: "",
});

/** Edit Destination starts from the destination as it is (managers receive its key). */
export const destinationFormFrom = (d: DestinationView): DestinationFormValues => ({
  name: d.name,
  type: d.type,
  rtmp_url: d.rtmp_url,
  stream_key: d.stream_key ?? "",
  autorestart: d.autorestart,
  ca_file: d.ca_file ?? "",
  reconnect_hours: d.reconnect_hours === null ? "" : String(d.reconnect_hours),
});

/** What the form sends for the CA file: only a custom destination has one; empty clears it. */
export const caFileToSend = (values: DestinationFormValues) =>
  values.type === "custom" ? values.ca_file.trim() || null : undefined;

/** What the form sends for the reconnect interval: empty turns it off; anything else as a number (checked by the schema). */
export const reconnectHoursToSend = (values: DestinationFormValues): number | null => {
  const typed = values.reconnect_hours.trim();
  return typed === "" ? null : Number(typed);
};

/** Twitch ends any stream at 48 h: its destinations are offered a reconnect every 47 h. */
export function isTwitchUrl(rtmpUrl: string): boolean {
  const host = /^rtmps?:\/\/(?:[^/@]*@)?([^/:?#]+)/i.exec(rtmpUrl.trim())?.[1]?.toLowerCase() ?? "";
  return host === "twitch.tv" || host.endsWith(".twitch.tv");
}

/** Switching type pre-fills Steam's ingest, and clears it again for Custom, unless the user typed one. */
export function withType(
  values: DestinationFormValues,
  type: DestinationFormValues["type"],
): DestinationFormValues {
  const untouched = values.rtmp_url.trim() === "" || values.rtmp_url === STEAM_INGEST_URL;
  if (!untouched) return { ...values, type };
  return { ...values, type, rtmp_url: type === "steam" ? STEAM_INGEST_URL : "" };
}

/** The first problem per field. An empty URL is an error here even for Steam: the form always shows one. */
export function validateDestination(values: DestinationFormValues): DestinationFormErrors {
  const errors: DestinationFormErrors = {};
  const parsed = createDestinationInput.safeParse({
    ...values,
    reconnect_hours: reconnectHoursToSend(values),
    project_id: 1,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof DestinationFormValues | undefined;
      if (field && field in values && !errors[field]) errors[field] = issue.message;
    }
  }
  // The schema fills Steam's URL in for an empty one (for API callers); the form asks for it instead.
  if (values.rtmp_url.trim() === "") errors.rtmp_url = STREAMING.rtmpUrlRequired;
  // Steam refuses a publish without the key: asked for here, where the studio can still paste it.
  if (values.type === "steam" && values.stream_key.trim() === "" && !errors.stream_key)
    errors.stream_key = STREAMING_UI.streamKeyRequiredSteam;
  return errors;
}

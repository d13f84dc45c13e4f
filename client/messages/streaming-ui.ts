// Labels of the Streaming page and Dashboard that are ours to word (its own texts live in
// shared/messages/streaming.ts and client/messages/dashboard.ts). Kept here so components never type a text inline.
export const STREAMING_UI = {
  start: "Start",
  stop: "Stop",
  change: "Change",
  delete: "Delete",
  autorestart: "Auto-restart",
  destinationsTitle: "Destinations",
  noDestinationsTitle: "No destinations yet",
  noDestinationsHint: "Add a Steam or custom RTMP destination to start broadcasting.",
  noProjectHint: "Pick a project from the sidebar to manage its streams.",
  idle: "Idle",
  streamingMedia: (name: string) => `Streaming ${name}`,
  /** The card's line while a stream waits to retry: nothing is on air. */
  reconnectingMedia: (name: string) => `Not on air: trying again to send ${name}`,
  since: (when: string) => `since ${when}`,
  keySet: "Stream key set",
  noKey: "No stream key",

  // The last failure on a destination card, and the notice when a failure ends a stream
  lastFailureLabel: "Last failure",
  failedTitle: "Stream failed",
  retryingTitle: "Failed, retrying",
  errorCount: (n: number) => (n === 1 ? "1 error" : `${n} errors`),
  streamFailedMessage: (destination: string) =>
    `The stream on ${destination} ended with an error. Its card shows what happened.`,

  // Live figures
  fps: "FPS",
  bitrate: "Bitrate",
  speed: "Speed",
  frames: "Frames",
  timeSent: "Time sent",
  droppedDup: "Dropped / dup",
  waitingForFigures: "Waiting for the first frames…",

  // Add Destination form
  nameLabel: "Name",
  namePlaceholder: "e.g. Steam store page",
  typeLabel: "Type",
  rtmpUrlLabel: "RTMP URL",
  streamKeyLabel: "Stream Key",
  streamKeyHint: "Optional. Kept secret: viewers never see it.",
  advancedShow: "Show advanced settings",
  advancedHide: "Hide advanced settings",
  caFileLabel: "CA file",
  caFileHint:
    "Optional, for an rtmps:// ingest with its own certificate authority: the full path of that authority's certificate on the server. Left empty, the ingest's certificate is checked against the authorities the server trusts.",
  // Steam refuses a publish without the key, so for Steam the field is required and says so.
  streamKeyHintSteam: "Required for Steam. Kept secret: viewers never see it.",
  streamKeyRequiredSteam: "Steam needs the stream key (your RTMP token).",
  steamWhere:
    "Steam shows both on steamcommunity.com/broadcast/upload, signed in as the broadcasting account: Create RTMP Token gives the upload server (RTMP URL) and the RTMP token (Stream Key).",
  reconnectLabel: "Reconnect every (hours)",
  reconnectHint:
    "Optional, from 1 to 168. The stream reconnects on purpose after this many hours, in under 2 seconds. Left empty, it reconnects only every 24 days, which every stream needs.",
  reconnectTwitchHint: "Twitch ends any stream after 48 hours: reconnecting every 47 hours keeps it going.",
  reconnectTwitchUse: "Use 47 hours",
  autorestartLabel: "Restart automatically if the stream fails",
  autorestartHint: "Turn this on for a broadcast that runs unattended, such as a 24/7 store-page stream.",
  createDestination: "Create Destination",
  checkConnection: "Check connection",
  checkConnectionHint: "Opens a connection to the ingest without sending video.",

  // Edit destination (our own texts: the product's wording has none for it)
  edit: "Edit",
  editDestinationTitle: "Edit Destination",
  saveDestination: "Save Changes",
  destinationSavedTitle: "Destination saved",
  destinationSavedMessage: "Its stream history and uptime record are kept.",
  editKeepsHistory:
    "Changes keep this destination's history and uptime. A live stream picks them up when it next starts or restarts.",
  startedByWindow: "Started by a broadcast window",

  // Select media
  noVideos: "This project has no videos yet. Upload one in Media Files.",
  openMedia: "Open Media Files",
  needsPreparation: "Prepared first",
  needsPreparationHint: "This file is converted once for streaming; its first start takes longer.",
  changeMediaHint: (destination: string) => `The stream on ${destination} restarts with the chosen video.`,

  // Stop asks first: one click would otherwise end a round-the-clock broadcast (our own texts).
  stopTitle: "Stop Stream",
  stopQuestion: (name: string) => `Stop the stream on "${name}"? Viewers see the broadcast end at once.`,
  stopNote:
    "Auto-restart does not bring it back, and a broadcast window running now stays off until it ends; the next window starts as usual.",

  // Delete destination (our own texts: the product's wording has none for it)
  deleteDestinationTitle: "Delete Destination",
  deleteDestinationQuestion: (name: string) =>
    `Delete the destination "${name}"? A live stream on it is stopped first.`,
  destinationDeletedTitle: "Destination deleted",
  deleteDestinationFailed: "Failed to delete destination",

  // Media preparation (a file that cannot be stream-copied is re-encoded once)
  preparing: (name: string) => `Preparing ${name} for streaming`,
  preparationFailed: "Failed",

  // Clear All Ended: the page clears its own project's records only, and says so.
  clearEndedScope: (project: string) =>
    `Only the ended streams of ${project} are deleted. Other projects keep theirs.`,

  // History
  noHistory: "No stream activity yet",
  historyStarted: "Started",
  historyStopped: "Stopped",
  historyDuration: "Duration",
  historyMediaSize: "Media size",
  historyErrors: "Errors",
  /** Reconnects on purpose, shown apart from errors: they are not failures. */
  historyPlannedReconnects: "Planned reconnects",
  historyLastError: "Last error",
  historyDestinationType: "Destination type",
  historyProcess: "Process id",
  noErrors: "None",
  stillLive: "Still live",
  autorestartOn: "Auto-restart on",
} as const;

export const DASHBOARD_UI = {
  unlimited: "∞",
  capacity: (percent: number) => `${percent.toFixed(0)}% of capacity`,
  mediaCount: (n: number) => `${n} media`,
  destinationsCount: (n: number) => `${n} destinations`,
  viewAllProjects: "View all",
  retry: "Retry",
} as const;

// Webhooks of a project: refusals and results the server answers, and the names of the events.
export const WEBHOOKS = {
  notFound: "Webhook not found",
  forbidden: "Only managers and administrators can manage webhooks.",
  urlRequired: "Enter the webhook address.",
  urlInvalid: "Enter a full web address starting with http:// or https://.",
  urlTooLong: "The webhook address is too long.",
  urlCredentials: "The webhook address cannot contain a user name or password.",
  targetRefused: "This address points inside your network. Webhooks may only go to public addresses.",
  nameInvalid: "The name must be text.",
  nameTooLong: "The name can be at most 100 characters long.",
  nothingToChange: "Give at least one of name, url, format or events to change.",
  formatInvalid: "Choose generic, Discord or Slack.",
  eventsRequired: "Choose at least one event.",
  eventInvalid: "Unknown event.",
  tooMany: (max: number) => `A project can have at most ${max} webhooks.`,
  testMessage: "This is a test from Stream Console. If you can read it, the webhook works.",
  /** Short reasons kept in the delivery log: never the address, which may hold a token. */
  timedOut: "No answer within 5 seconds",
  unreachable: "Could not connect",
  httpStatus: (status: number) => `Answered HTTP ${status}`,
  /** The address came to point inside the network after the webhook was added: nothing was sent. */
  notSentRefused: "Not sent: the address points inside your network",
  /** The footer of a Slack message, before the event's time. */
  sender: "Stream Console",
} as const;

/** The labels of an event's facts in Discord and Slack messages. */
export const EVENT_FACTS = {
  project: "Project",
  destination: "Destination",
  media: "Media",
  failures: (minutes: number) => `Failures in ${minutes} minutes`,
  /** On a recovery: every failure of the incident it closes (only the first was sent). */
  failuresBeforeRecovery: "Failures before it recovered",
  appId: "Steam app",
  appTitle: "Shown on",
  players: "Players",
  previousPeak: "Previous peak",
  reviewScore: "Review score",
  previousReviewScore: "Before",
  node: "Node",
  lastHeartbeat: "Last heard from",
  streams: "Streams it ran",
  fromNode: "From node",
  toNode: "To node",
  figure: "Figure",
  date: "Day",
  value: "That day",
  usualRange: "Usual range",
  range: (low: number, high: number) => `${low} to ${high}`,
  country: "Country",
} as const;

/** Plain names of the events, for people (the payloads and the settings card). */
export const EVENT_LABELS = {
  "stream.failed": "Stream failed",
  "stream.restarting_repeatedly": "Restarting repeatedly",
  "stream.stalled": "Stream stalled",
  "stream.recovered": "Stream recovered",
  "schedule.started": "Schedule started",
  "schedule.ended": "Schedule ended",
  "preparation.failed": "Preparation failed",
  "store_page.live": "On the store page",
  "store_page.not_shown": "Not shown on the store page",
  "store_page.wrong_app": "On another game's page",
  "analytics.wishlist_deletes_spike": "Wishlist deletes spike",
  "analytics.refund_spike": "Refund spike",
  "analytics.player_peak": "New all-time player peak",
  "analytics.review_score_changed": "Review score changed",
  "stream.moved": "Stream moved to another node",
  "node.down": "Console node down",
  "analytics.anomaly": "Unusual day",
  "analytics.digest": "Weekly digest",
  "webhook.test": "Test",
} as const;

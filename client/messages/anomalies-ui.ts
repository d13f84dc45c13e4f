// The Analytics tab's unusual days and the settings page's weekly digest card.
export const ANOMALIES_UI = {
  subtitle: "Days far outside the four weeks before them",
  loadFailed: "The unusual days could not be loaded.",
  usual: (low: number, high: number) => `Usual: ${low} to ${high}`,
} as const;

export const DIGEST_UI = {
  title: "Weekly digest",
  subtitle:
    "Every Monday, one message to this project's webhooks: players, wishlists, reviews, net sales and each broadcast's uptime, beside the week before.",
  toggle: "Send the weekly digest",
  toggleHint: "Turn off to stop the Monday message. Events the webhooks listen to still go out.",
  timeZone: "Time zone",
  timeZoneHint: (zone: string) => `Monday starts at midnight in ${zone}.`,
  timeZonePlaceholder: "Europe/Berlin",
  save: "Save time zone",
  sendNow: "Send digest now",
  lastSent: (week: string) => `Last weekly digest: the Monday of ${week}.`,
  neverSent: "No weekly digest has gone out yet.",
  saved: "Digest setting saved",
  sendFailed: "The digest could not be sent.",
  saveFailed: "The digest setting could not be saved.",
  loadFailed: "The digest setting could not be loaded.",
} as const;

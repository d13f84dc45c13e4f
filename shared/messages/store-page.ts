// Every text of the store-page check: the badge, its reasons and the refusals of its calls.

export const STORE_PAGE = {
  // Badge labels
  pushed: "Pushed",
  onStorePage: "On the store page",
  otherApp: (game: string) => `On another game's page: ${game}`,
  otherAppUnnamed: "On another game's page",
  notShown: "Not shown",
  unknown: "Unknown",

  // Reasons, shown beside the badge
  waitingForSteam: "The stream reaches Steam; Steam usually shows it within a minute.",
  slowSteam: "Steam has not shown the stream after a minute. It is marked Not shown after two.",
  shownOnStorePage: "Steam shows the broadcast on the game's store page.",
  shownElsewhere: (game: string) =>
    `The broadcasting Steam account is live in ${game}, so Steam shows the broadcast on that game's page instead.`,
  neverShown: "The stream has reached Steam for over two minutes, but Steam does not show it.",
  checkFailed: "Steam did not answer the store-page check. The stream itself is not affected.",
  answerNotUnderstood:
    "Steam answered the store-page check in a way the console does not understand. The stream itself is not affected.",
  keyNotSteam:
    "The stream key is not in Steam's form (steam_<account>_<code>), so the console cannot ask Steam about it.",
  noAppId: "The project has no Steam app id, so the console cannot tell which store page is the right one.",

  // History and uptime
  historyTitle: "Store page",
  uptimeOnStorePage: "On the store page",

  // Refusals of the store-page calls
  notSteamDestination: "The store-page check is only for Steam destinations.",
  keyNotSteamRefused:
    "This destination's stream key is not in Steam's form (steam_<account>_<code>), so there is nothing to check.",
  noAppIdRefused: "Set the project's Steam app id first: without it there is no store page to check.",
  notRunning: "No stream is running on this destination, so there is nothing to check.",
} as const;

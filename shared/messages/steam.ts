// What the console says when a call to Steam fails. `service` names the Steam endpoint in words
// ("Steam news"), so an admin reading the note knows which call to look at.
export const STEAM_SERVICES = {
  currentPlayers: "Steam current players",
  achievements: "Steam achievements",
  news: "Steam news",
  storeSearch: "Steam store search",
  reviews: "Steam store reviews",
  appDetails: "Steam store app details",
  changedDates: "Steam GetChangedDatesForPartner",
  detailedSales: "Steam GetDetailedSales",
  wishlists: "Steam GetAppWishlistReporting",
} as const;

export const STEAM_ERRORS = {
  timedOut: (service: string, seconds: number) => `${service} did not answer within ${seconds} s`,
  unreachable: (service: string, detail: string) => `${service} is unreachable: ${detail}`,
  rateLimited: (service: string) => `${service} is rate limiting requests (HTTP 429); try again later`,
  unavailable: (service: string, status: number) => `${service} is unavailable (HTTP ${status})`,
  notJson: (service: string, status: number) =>
    `${service} answered something that is not JSON (HTTP ${status})`,
  answeredStatus: (service: string, status: number) => `${service} answered HTTP ${status}`,
  answeredWithout: (service: string, status: number, missing: string) =>
    `${service} answered HTTP ${status} without ${missing}`,
  webKeyRejected: (service: string) => `Steam rejected the Web API key (HTTP 403) for ${service}`,
  unknownApp: (appId: number) => `Steam does not know app ${appId}`,
  noAchievements: (appId: number) => `App ${appId} has no achievements on Steam`,
  noNewsFeed: (appId: number) => `Steam has no news feed for app ${appId}`,
  paramsRejected: (service: string) => `${service} rejected the dates or parameters (HTTP 400)`,
  tooManyPages: (service: string, pages: number, date: string) =>
    `${service} kept paging past ${pages} pages for ${date}`,
} as const;

// What a user reads when Steam itself failed: the reason in plain words and what to do. The technical
// text (service, HTTP status, network error) goes to the server log instead.
export const STEAM_PLAIN = {
  unreachable: "Steam could not be reached. Try again in a minute.",
  busy: "Steam is busy right now. Try again in a minute.",
  unreadable: "Steam sent an answer the console could not read. Try again in a minute.",
} as const;

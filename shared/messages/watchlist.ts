// The watch list of other Steam games, the Compare card and the sales estimates.

export const WATCHLIST_MAX = 20;

export const WATCHLIST = {
  full: `The watch list already holds ${WATCHLIST_MAX} games. Remove one before adding another.`,
  already: "This game is already on the watch list.",
  ownGame: "This is the project's own game; it is compared with the watch list already.",
  notOnList: "This game is not on the watch list.",
  nameInvalid: "Game name must be 1 to 200 characters",
  empty: "No games on the watch list yet. Search for a game to compare yours with.",
  noOwnGame: "This project has no Steam app id, so there is nothing of yours to compare.",
  noPlayers: "No player counts yet.",
  noReviews: "No reviews yet.",
  noPrice: "No price read yet.",
  free: "Free to play",
  notReleased: "Not released yet.",
  median: "Median of the watch list",
  yours: "Your game",
} as const;

/** Why a figure is missing, in words a studio understands. */
export const WATCH_STATES = {
  unknown_app: "Steam does not know this app.",
  no_reviews: "Steam shows no reviews for this game.",
  rate_limited: "Steam asked the console to slow down; the figures will be read again later.",
  unavailable: "Steam did not answer; the figures will be read again later.",
} as const;

/**
 * The review-to-sales multipliers the estimates use. Mike Boxleiter's rule of thumb multiplied a
 * game's Steam reviews by a fixed number to estimate units sold; Jake Birkett later compared indie
 * developers' real Steamworks sales with their review counts and found roughly 20 to 60 sales per
 * review. The range is shown rather than one figure because it varies with genre, price and age.
 */
export const BOXLEITER = { low: 20, high: 60 } as const;

export const ESTIMATES = {
  method: `Estimated from Steam reviews with the Boxleiter method: reviews × ${BOXLEITER.low} to × ${BOXLEITER.high} (the range Jake Birkett found by comparing indie developers' real Steam sales with their review counts). A rough range, not a figure from Steam.`,
  noReviews: "No estimate without reviews.",
  realSales: "Real units sold (Steam financial data)",
} as const;

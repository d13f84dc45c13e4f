// Wishlists: what the server answers and what the alert says.
export const WISHLISTS = {
  financialOff: "Turn on financial analytics for this project to see its wishlists.",
  noAppId: "Set the project's Steam App ID to see its wishlists.",
  spike: (date: string, deletes: number, median: number) =>
    `${deletes} people removed the game from their wishlist on ${date}, more than twice the usual ${median} a day.`,
  syncFailed: (reason: string) => `Wishlists were not updated: ${reason}`,
} as const;

// Sentences of the analytics alerts sent through the project webhooks.
const n = (x: number) => x.toLocaleString("en-US");

export const ANALYTICS_ALERTS = {
  playerPeak: (players: number, previous: number) =>
    `${n(players)} people played at once, a new all-time high (the previous high was ${n(previous)}).`,
  reviewScoreChanged: (now: string, before: string) =>
    `Steam now rates the reviews "${now}" (it was "${before}" the day before).`,
} as const;

// Reviews on the analytics tab: refusals the server answers.
export const REVIEWS = {
  noAppId: "This project has no Steam app id. Add one in the analytics settings to see its reviews.",
} as const;

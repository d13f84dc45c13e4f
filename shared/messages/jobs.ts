// Texts about background jobs (the Steam syncs), shown on the screen that started one.
export const JOBS = {
  /** The note on a job whose server stopped while it ran; media preparations use the same words. */
  interruptedByRestart: "Interrupted by a server restart",
  /** A media preparation stopped because the server was shutting down. */
  interruptedNodeDown: "Interrupted: the console server running it stopped answering",
  interruptedByShutdown: "Interrupted by shutdown",
  interruptedHint: "The server restarted while this sync ran. Start it again to finish it.",
  failedUnexpectedly: "The sync stopped because of an unexpected error. Try again in a moment.",
  notFound: "This sync was not found",
  syncingProgress: (done: number, total: number, records: number) =>
    `Syncing… ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} dates, ${records.toLocaleString("en-US")} records`,
  syncingStarted: "Syncing… asking Steam which dates changed",
} as const;

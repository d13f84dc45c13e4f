// Texts of a load that failed, as opposed to a list that is honestly empty.
export const LOAD_FAILED = {
  hint: "The server did not answer as expected. Nothing was changed; try again.",
  retry: "Retry",
  project: "This project could not be loaded",
  projects: "Your projects could not be loaded",
  news: "News could not be loaded",
} as const;

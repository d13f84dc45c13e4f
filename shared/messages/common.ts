export const COMMON = {
  internalError: "Internal server error",
  malformedJson: "Malformed JSON body",
  bodyTooLarge: "Request body too large",
  notFound: "Not found",
  unexpected: "An unexpected error occurred",
} as const;

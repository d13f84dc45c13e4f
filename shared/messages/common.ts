export const COMMON = {
  internalError: "Internal server error",
  invalidInput: "Invalid input",
  requestFailed: "Request failed",
  /** A malformed id in the path: `name` is the parameter, e.g. "Invalid id". */
  invalidParam: (name: string) => `Invalid ${name}`,
  clientNotBuilt: "Client not built: run `bun run build`.",
  malformedJson: "Malformed JSON body",
  bodyTooLarge: "Request body too large",
  notFound: "Not found",
  unexpected: "An unexpected error occurred",
  jsonRequired: "Send the request body as JSON (Content-Type: application/json).",
  urlTooLong: "The address of this request is too long.",
  headersTooLarge: "The headers of this request are too large.",
  tooManyCalls: "Too many calls in one request. Send fewer at a time.",
  invalidCharacters: "Names cannot contain control or text-direction characters.",
} as const;

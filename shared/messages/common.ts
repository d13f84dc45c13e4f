export const COMMON = {
  internalError: "Internal server error",
  nulCharacter: "Text cannot contain the NUL character.",
  /** A change asked while the database is out of reach (PostgreSQL restarting or the network cut). */
  databaseUnavailable:
    "The console cannot reach its database right now. Nothing was changed; try again in a moment.",
  invalidInput: "Invalid input",
  requestFailed: "Request failed",
  /** A malformed number or id: `name` is the field or parameter, e.g. "Invalid id". */
  invalid: (name: string) => `Invalid ${name}`,
  /** A flag that is not a JSON boolean. */
  notBoolean: (name: string) => `${name} must be true or false`,
  notFlag: (name: string) => `${name} must be 1, true, 0 or false`,
  searchTooLong: "Search text is too long",
  clientNotBuilt: "Client not built: run `bun run build`.",
  malformedJson: "Malformed JSON body",
  bodyTooLarge: "Request body too large",
  notFound: "Not found",
  unexpected: "An unexpected error occurred",
  jsonRequired: "Send the request body as JSON (Content-Type: application/json).",
  urlTooLong: "The address of this request is too long.",
  headersTooLarge: "The headers of this request are too large.",
  tooManyCalls: "Too many calls in one request. Send fewer at a time.",
  /** A query parameter sent twice where the path takes one value. */
  repeatedQuery: (name: string) => `The query parameter ${name} is given more than once. Send it once.`,
  invalidCharacters: "Names cannot contain control or text-direction characters.",
} as const;

// API token texts, shared by the server's answers and the profile screen.
export const API_TOKENS = {
  nameRequired: "Token name is required",
  nameTooLong: "Token name must be at most 100 characters",
  expiryInvalid: "Expiry must be a whole number of days from 1 to 365",
  notFound: "Token not found",
  tooMany: "You have reached the limit of 50 tokens. Revoke one you no longer use.",
  invalid: "Invalid or expired API token",
  refusedForTokens: "API tokens cannot manage API tokens. Sign in to the console to do this.",
  rateLimited: "Too many requests with this token. Please slow down.",
  revoked: "Token revoked",
} as const;

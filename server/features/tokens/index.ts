// What other features may use of tokens: revoking a person's API tokens when they lose access.
export { revokeTokensOf, tokenIdOfSession } from "./api-tokens";

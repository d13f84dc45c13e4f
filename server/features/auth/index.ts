// What other features may use of auth: password hashing and the session behind a request.
export { hashPassword } from "./password";
export type { Session } from "./session";
export { findSessionUser } from "./session-user";

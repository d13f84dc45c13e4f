/**
 * What every request carries besides HTTP: the application's deps and the signed-in session. The
 * platform (the Hono variables, the tRPC context) needs their types but may not import the features
 * or the composition root that define them, so the composition root names them here by declaration
 * merging (see server/deps.ts):
 *
 *   declare module "@server/platform/context" {
 *     interface Register { deps: AppDeps; session: Session }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging.
export interface Register {}

type Registered<K extends string> = Register extends { [P in K]: infer T } ? T : never;

/** The application's deps (AppDeps), as registered by the composition root. */
export type RequestDeps = Registered<"deps">;
/** A signed-in session, as registered by the composition root. */
export type RequestSession = Registered<"session">;

// The last line of defence. Every request path handles its own errors; one that still escapes (a
// stray stream error, a rejected promise nobody awaited) is logged here with what it was, and the
// process keeps serving. Exiting would end every stream this server carries for one bad request,
// while the state the supervisor holds (its children, their timers) is untouched by such an error.

import { log as logger } from "@server/platform/log";

let escaped = 0;

export function keepServingOnEscapedErrors(
  log: (line: string) => void = (l) => logger.error(l, { component: "last-resort" }),
): void {
  const describe = (value: unknown) =>
    value instanceof Error ? (value.stack ?? `${value.name}: ${value.message}`) : String(value);
  process.on("uncaughtException", (err, origin) => {
    escaped++;
    log(`[last-resort] ${origin} kept from ending the server (${escaped} so far): ${describe(err)}`);
  });
  process.on("unhandledRejection", (reason) => {
    escaped++;
    log(
      `[last-resort] unhandled rejection kept from ending the server (${escaped} so far): ${describe(reason)}`,
    );
  });
}

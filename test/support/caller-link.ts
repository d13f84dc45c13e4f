import { type AppRouter, appRouter } from "@server/api/root-router";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { getTRPCErrorFromUnknown, getTRPCErrorShape } from "@trpc/server";
import { observable } from "@trpc/server/observable";

export type Caller = Record<string, unknown>;

/** What crosses the wire is JSON: dates become strings, undefined fields vanish, as in production. */
const overTheWire = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

/**
 * A tRPC link that runs each call through the real router in-process (createCaller on a real
 * test database), so component tests exercise the server without a socket: happy-dom replaces
 * fetch, so HTTP is not an option in this process. A failure becomes the client's error exactly as
 * tRPC's own localLink makes it: the app's error formatter shapes it, so a component shows the
 * message and details production would send. Tests may wrap the caller to make one call fail.
 */
export function callerLink(caller: Caller): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const fn = op.path.split(".").reduce<unknown>((o, k) => (o as Caller)[k], caller) as (
          input: unknown,
        ) => Promise<unknown>;
        fn(op.input)
          .then((data) => {
            observer.next({ result: { type: "data", data: overTheWire(data) } });
            observer.complete();
          })
          .catch((cause: unknown) => {
            const shape = getTRPCErrorShape({
              config: appRouter._def._config,
              error: getTRPCErrorFromUnknown(cause),
              type: op.type,
              path: op.path,
              input: op.input,
              ctx: undefined,
            });
            observer.error(
              TRPCClientError.from(
                { error: overTheWire(shape) },
                { cause: cause instanceof Error ? cause : undefined },
              ),
            );
          });
      });
}

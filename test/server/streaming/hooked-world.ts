import type { StreamTimings } from "@server/features/streaming/backoff";
import { WebhookDelivery } from "@server/features/webhooks/delivery";
import type { WebhookEvent } from "@shared/schemas/webhooks";
import { startWebhookReceiver } from "../../fakes/webhook-receiver";
import { streamingWorld, withSupervisor } from "./streaming-fixtures";

/**
 * A streaming world with its supervisor running and a generic webhook for `events`, delivered to a
 * receiver on loopback (as a studio's own would listen on its LAN, so private targets are allowed).
 * Everything it starts is stopped through `cleanups`; the supervisor's and the delivery's log lines
 * land in `logs`.
 */
export async function hookedStreamingWorld(o: {
  cleanups: (() => unknown)[];
  events: WebhookEvent[];
  timings?: Partial<StreamTimings>;
}) {
  const w = await streamingWorld({ ALLOW_PRIVATE_TARGETS: "on" });
  const logs: string[] = [];
  withSupervisor(w.deps, o.timings ?? {}, (l) => logs.push(l));
  const hooks = startWebhookReceiver();
  const delivery = new WebhookDelivery({
    db: w.deps.db,
    now: w.deps.now,
    events: w.deps.events,
    allowPrivateTargets: true,
    resolve: w.deps.resolve,
    log: (l) => logs.push(l),
  });
  delivery.start();
  o.cleanups.push(
    () => hooks.stop(),
    () => delivery.stop(),
    () => w.deps.supervisor.shutdown(),
  );
  const webhook = await w.asAdmin.webhooks.create({
    project_id: w.project.id,
    url: hooks.url,
    format: "generic",
    events: o.events,
  });
  return { w, logs, hooks, delivery, webhook };
}

// What other features may use of webhooks: queueing an event for the webhooks that listen to it.
export { type DeliveryRow, enqueue, enqueueEvent } from "./queue";

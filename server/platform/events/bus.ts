import { WEBHOOK_EVENTS } from "@shared/schemas/webhooks";

/**
 * What happened to a broadcast or a game, told to whoever listens (the webhooks). The supervisor,
 * the preparer, the scheduler and the analytics syncs emit; they never wait on a listener and a
 * listener's failure never reaches them. The list of types lives with the webhook schema, which the
 * client shares.
 */
export const CONSOLE_EVENT_TYPES = WEBHOOK_EVENTS;

export type ConsoleEventType = (typeof CONSOLE_EVENT_TYPES)[number];

/**
 * `stream.restarting_repeatedly`: this many failures of one stream within this window. The supervisor
 * counts by it and the webhook text names the window, so both read it here.
 */
export const REPEATED_FAILURES = 3;
export const REPEATED_WINDOW_MS = 10 * 60_000;

/** Ids and names only: never a URL, a stream key or a file path. */
export interface ConsoleEvent {
  type: ConsoleEventType;
  projectId: number;
  at: number;
  streamId?: number;
  destinationId?: number;
  destinationName?: string;
  mediaId?: number;
  mediaName?: string;
  scheduleId?: number;
  /** A plain sentence for people (already masked). */
  message?: string;
  /**
   * `stream.restarting_repeatedly`: failures within its window; `stream.recovered`: every failure of
   * the incident it closes (repeats are counted, not sent).
   */
  failures?: number;
  /** Steam app of an analytics alert, or the app a store-page event saw the broadcast on. */
  appId?: number;
  /** `store_page.*`: the name of the game Steam shows the broadcast with. */
  appTitle?: string;
  /** `analytics.player_peak`: the new all-time peak and the one it beat. */
  players?: number;
  previousPeak?: number;
  /** `analytics.review_score_changed`: Steam's description now and the day before. */
  reviewScore?: string;
  previousReviewScore?: string;
  /** `node.down`: the node, its last heartbeat and the live streams it ran then. */
  node?: string;
  lastHeartbeatAt?: number;
  streams?: number;
  /** `stream.moved`: the node that ran the stream (null: none recorded) and the one running it now. */
  fromNode?: string | null;
  toNode?: string;
  /** `analytics.anomaly`: the figure's plain name, its value that day, its usual range and the country. */
  figure?: string;
  value?: number;
  usualLow?: number;
  usualHigh?: number;
  /** ISO country code; absent: the game overall. */
  country?: string;
  /** `analytics.anomaly`: the day (YYYY-MM-DD) the figure belongs to. */
  date?: string;
}

export type ConsoleEventListener = (event: ConsoleEvent) => void;

export class EventBus {
  private readonly listeners = new Set<ConsoleEventListener>();

  constructor(private readonly log: (line: string) => void = () => {}) {}

  /** Returns the function that removes the listener. */
  on(listener: ConsoleEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ConsoleEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log(`[events] a listener failed on ${event.type}: ${(err as Error).message}`);
      }
    }
  }
}

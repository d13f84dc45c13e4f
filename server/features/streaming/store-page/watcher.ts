import type { RunListener } from "@server/features/streaming/run-observers";
import type { Db } from "@server/platform/db/client";
import type { ConsoleEventType, EventBus } from "@server/platform/events/bus";
import { steamGate } from "@server/platform/net/steam-gate";
import { STORE_PAGE } from "@shared/messages/store-page";
import type { StorePageState } from "@shared/schemas/store-page";
import { AccountPolls } from "./account-polls";
import { type Fetch, fetchBroadcastInfo } from "./broadcast-info";
import { closeOpen, recordChange, streamFacts } from "./state-store";
import { steamIdFromKey } from "./steam-key";
import {
  type Check,
  changed,
  DEFAULT_STORE_PAGE_TIMINGS,
  type StorePageTimings,
  unknown,
  type Verdict,
  verdict,
} from "./verdict";
import type { Watched } from "./view";

const EVENTS: Partial<Record<StorePageState, ConsoleEventType>> = {
  on_store_page: "store_page.live",
  not_shown: "store_page.not_shown",
  other_app: "store_page.wrong_app",
};

export interface StorePageWatcherOptions {
  db: Db;
  now: () => number;
  communityBase: string;
  events?: EventBus;
  log?: (line: string) => void;
  fetch?: Fetch;
  timings?: Partial<StorePageTimings>;
}

/**
 * Whether Steam shows each running stream to a Steam destination, and where. It hears of runs as a
 * RunListener beside the uptime record, asks Steam once per broadcasting account, and records every
 * change (history, uptime, webhooks). It never acts on a stream: whatever fails in here is logged and
 * changes the badge at most.
 */
export class StorePageWatcher implements RunListener {
  readonly timings: StorePageTimings;
  private readonly polls: AccountPolls;
  private readonly watched = new Map<number, Watched>();
  /**
   * The state each stream ended its last run in, until the stream itself ends: a reconnect (planned,
   * or a restart) that Steam shows as before is not told again. Steam keeps a broadcast session
   * through reconnects under 5 minutes.
   */
  private readonly previous = new Map<number, Verdict>();
  /** Accounts kept asked about for one poll after a run ends, so the next run starts from that answer. */
  private readonly lingering = new Set<ReturnType<typeof setTimeout>>();
  /**
   * What the watcher was told and heard, done one step at a time in that order, each step's reads and
   * writes finished before the next begins: a run's end is never recorded before its start.
   */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly log: (line: string) => void;

  constructor(private readonly o: StorePageWatcherOptions) {
    this.timings = { ...DEFAULT_STORE_PAGE_TIMINGS, ...o.timings };
    this.log = o.log ?? (() => {});
    const fetchFn = o.fetch ?? ((input, init) => fetch(input, init));
    this.polls = new AccountPolls({
      // Steam's community site is Steam too: its calls take a slot of the one limit every Steam client shares.
      ask: (steamId) => steamGate.run(() => fetchBroadcastInfo(o.communityBase, steamId, fetchFn)),
      now: o.now,
      timings: this.timings,
      log: this.log,
    });
  }

  running(streamId: number, at: number): void {
    this.guard("running", () => this.follow(streamId, at));
  }

  runEnded(streamId: number): void {
    this.guard("runEnded", () => this.unfollow(streamId, true));
  }

  streamEnded(streamId: number): void {
    this.guard("streamEnded", async () => {
      await this.unfollow(streamId);
      this.previous.delete(streamId);
    });
  }

  /** Resolves once everything told so far is followed and recorded. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** The followed stream of a destination, if one runs. */
  ofDestination(destinationId: number): Watched | null {
    for (const w of this.watched.values()) if (w.destinationId === destinationId) return w;
    return null;
  }

  /** Every followed stream. */
  all(): Watched[] {
    return [...this.watched.values()];
  }

  /** Asks Steam now about the destination's running stream; its state afterwards (null: none runs). */
  async checkNow(destinationId: number): Promise<Watched | null> {
    await this.settled();
    const w = this.ofDestination(destinationId);
    if (!w?.steamId || w.projectAppId === null) return w;
    await this.polls.checkNow(w.steamId);
    // The answer is judged (and recorded) in turn with everything else.
    await this.settled();
    return this.watched.get(w.streamId) ?? null;
  }

  /** Accounts being asked about right now (one request per poll each). */
  get accounts(): number {
    return this.polls.size;
  }

  /** Stops following, once what it was told before is recorded (a run's end closes its state). */
  async close(): Promise<void> {
    await this.settled();
    this.closed = true;
    for (const w of this.watched.values()) if (w.timer) clearTimeout(w.timer);
    for (const timer of this.lingering) clearTimeout(timer);
    this.lingering.clear();
    this.watched.clear();
    this.previous.clear();
    this.polls.close();
  }

  private async follow(streamId: number, at: number) {
    await this.unfollow(streamId);
    const row = await streamFacts(this.o.db, streamId);
    if (row?.type !== "steam" || row.destinationId === null) return;
    const steamId = steamIdFromKey(row.key);
    const w: Watched = {
      streamId,
      destinationId: row.destinationId,
      projectId: row.projectId,
      destinationName: row.name,
      steamId,
      projectAppId: row.appId,
      waitingSince: at,
      current: { ...unknown(""), since: at, checkedAt: null },
      unwatch: null,
      timer: null,
    };
    this.watched.set(streamId, w);
    if (!steamId) return this.apply(w, unknown(STORE_PAGE.keyNotSteam), null, true);
    if (row.appId === null) return this.apply(w, unknown(STORE_PAGE.noAppId), null, true);
    // A fresh answer about the account (another stream shares it) places this one at once.
    const last = this.polls.last(steamId);
    await this.evaluate(w, last && this.o.now() - last.at < this.timings.pollMs ? last : null, true);
    w.unwatch = this.polls.watch(steamId, (check) => this.guard("check", () => this.evaluate(w, check)));
  }

  private async unfollow(streamId: number, reconnecting = false) {
    const w = this.watched.get(streamId);
    if (!w) return;
    this.watched.delete(streamId);
    if (w.timer) clearTimeout(w.timer);
    await closeOpen(this.o.db, streamId, this.o.now());
    if (!reconnecting || !w.unwatch) return w.unwatch?.();
    this.previous.set(streamId, w.current);
    const unwatch = w.unwatch;
    const timer = setTimeout(() => {
      this.lingering.delete(timer);
      unwatch();
    }, this.timings.pollMs);
    timer.unref?.();
    this.lingering.add(timer);
  }

  /** Steam's last word (or none yet) and the clock → the state; re-checked when a threshold passes. */
  private async evaluate(w: Watched, check: Check | null, first = false) {
    if (this.watched.get(w.streamId) !== w || w.projectAppId === null) return;
    const last = check ?? (w.steamId ? this.polls.last(w.steamId) : null);
    const known = last && last.at >= w.waitingSince - this.timings.pollMs ? last : null;
    if (known?.ok && known.info.online) w.waitingSince = Math.max(w.waitingSince, known.at);
    const now = this.o.now();
    const v = verdict({
      check: known,
      projectAppId: w.projectAppId,
      waitingSince: w.waitingSince,
      now,
      timings: this.timings,
    });
    await this.apply(w, v, known?.at ?? null, first);
    this.rearm(w, now);
  }

  /** Pushed turns into "slow" after a minute and Not shown after two, between polls too. */
  private rearm(w: Watched, now: number) {
    if (w.timer) clearTimeout(w.timer);
    w.timer = null;
    if (w.current.state !== "pushed") return;
    const { normalDelayMs, notShownMs } = this.timings;
    const next = [w.waitingSince + normalDelayMs + 1, w.waitingSince + notShownMs + 1].find((t) => t > now);
    if (next === undefined) return;
    w.timer = setTimeout(() => this.guard("timer", () => this.evaluate(w, null)), next - now);
    w.timer.unref?.();
  }

  private async apply(w: Watched, v: Verdict, checkedAt: number | null, first = false) {
    const at = this.o.now();
    if (!first && !changed(w.current, v)) {
      w.current = { ...w.current, reason: v.reason, appTitle: v.appTitle ?? w.current.appTitle };
      if (checkedAt !== null) w.current.checkedAt = checkedAt;
      return;
    }
    const since = first ? w.waitingSince : at;
    w.current = { ...v, since, checkedAt: checkedAt ?? w.current.checkedAt };
    await recordChange(this.o.db, w, v, since);
    this.log(`[store-page] stream ${w.streamId}: ${v.state}`);
    // After a reconnect, the first settled state is told only if it differs from the one before it;
    // Pushed on the way there settles nothing.
    const before = this.previous.get(w.streamId);
    if (v.state !== "pushed") this.previous.delete(w.streamId);
    const type = before && !changed(before, v) ? undefined : EVENTS[v.state];
    if (type && this.o.events)
      this.o.events.emit({
        type,
        projectId: w.projectId,
        at,
        streamId: w.streamId,
        destinationId: w.destinationId,
        destinationName: w.destinationName,
        appId: v.appId ?? undefined,
        appTitle: v.appTitle ?? undefined,
        message: v.reason,
      });
  }

  /** Queues a step; a step that fails is logged and the next one runs. Nothing runs once closed. */
  private guard(what: string, work: () => void | Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await work();
      } catch (err) {
        this.log(`[store-page] ${what} failed: ${(err as Error).message}`);
      }
    });
  }
}

// One limit on the calls in flight to Steam, shared by every Steam client of the process (the
// analytics samplers, a project's sync, the game search, the watch list, and the store-page watcher
// asking Steam's community site whether a broadcast shows), so a pass over many apps never opens more
// connections at once than this, however many callers start together. It lives in the platform layer
// because clients in more than one feature share it.

export const STEAM_MAX_IN_FLIGHT = 2;

class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most calls seen in flight at once since the last reset (tests read it). */
  peak = 0;

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next caller, so `active` never drops below what is running.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Calls waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  resetPeak(): void {
    this.peak = this.active;
  }
}

export const steamGate = new Gate(STEAM_MAX_IN_FLIGHT);

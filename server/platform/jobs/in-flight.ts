/**
 * Work that runs at most once per key at a time: a second start for a key finds the running entry
 * and joins it instead of starting the same work again. The entry leaves when its work settles.
 */
export class InFlight<K, E extends { done: Promise<unknown> }> {
  private readonly entries = new Map<K, E>();

  get(key: K): E | undefined {
    return this.entries.get(key);
  }

  /** Registers the running work; nobody awaiting it is fine (its failure is the caller's to report). */
  add(key: K, entry: E): E {
    this.entries.set(key, entry);
    const leave = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.done.then(leave, leave);
    return entry;
  }

  values(): E[] {
    return [...this.entries.values()];
  }
}

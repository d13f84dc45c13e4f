// At most a few ffmpeg start-ups at a time. Starting ffmpeg costs ~0.1-0.15 s of CPU (loading its
// libraries, probing the input, the RTMP handshake); twenty at once share the CPU and all arrive
// late together (bench: p50 4-7 s on a loaded 2-core machine). Let through a few at a time, the
// early ones go live at once and the rest follow in turn. Pushing afterwards costs ~1 % each.

export class StartGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Resolves when a start-up slot is free; call the returned function once the start-up is over. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next();
      else this.active -= 1;
    };
  }
}

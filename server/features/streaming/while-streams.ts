import { CpuMeter } from "@server/platform/process/cpu-meter";

/**
 * What runs only while the supervisor has streams: one timer for all of them (the orphan check) and
 * the CPU meter the start gate reads. An idle server runs neither. A tick still running when the
 * next is due (a slow database) lets that one pass; a tick that fails is logged.
 */
export class WhileStreams {
  readonly cpu = new CpuMeter();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking = false;

  constructor(
    private readonly everyMs: number,
    private readonly tick: () => Promise<void>,
    private readonly log: (line: string) => void,
  ) {}

  private beat = () => {
    if (this.ticking) return;
    this.ticking = true;
    void this.tick()
      .catch((err) => this.log(`[supervisor] the orphan check failed: ${(err as Error).message}`))
      .finally(() => {
        this.ticking = false;
      });
  };

  set(on: boolean): void {
    if (on === (this.timer !== null)) return;
    if (on) {
      this.cpu.start();
      this.timer = setInterval(this.beat, this.everyMs);
      this.timer.unref?.();
    } else {
      this.cpu.stop();
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    }
  }
}

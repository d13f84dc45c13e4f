import { CpuMeter } from "@server/platform/process/cpu-meter";

/**
 * What runs only while the supervisor has streams: one timer for all of them (the orphan check) and
 * the CPU meter the start gate reads. An idle server runs neither.
 */
export class WhileStreams {
  readonly cpu = new CpuMeter();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly everyMs: number,
    private readonly tick: () => void,
  ) {}

  set(on: boolean): void {
    if (on === (this.timer !== null)) return;
    if (on) {
      this.cpu.start();
      this.timer = setInterval(this.tick, this.everyMs);
      this.timer.unref?.();
    } else {
      this.cpu.stop();
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    }
  }
}

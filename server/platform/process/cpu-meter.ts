import { cpus } from "node:os";

/** Busy and total CPU time of the whole machine, summed over its cores (ms). */
function snapshot(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * How busy the machine's CPU was over the last sampling period (0..1, all cores together). Reads
 * the kernel's counters on a timer that runs only while someone needs the figure, so an idle server
 * pays nothing.
 */
export class CpuMeter {
  private last = snapshot();
  private fraction = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly everyMs = 250) {}

  busyFraction(): number {
    return this.fraction;
  }

  /** Starts sampling; the figure reads 0 until the first period has passed. */
  start(): void {
    if (this.timer) return;
    this.last = snapshot();
    this.fraction = 0;
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private sample(): void {
    const now = snapshot();
    const total = now.total - this.last.total;
    if (total > 0) this.fraction = (now.busy - this.last.busy) / total;
    this.last = now;
  }
}

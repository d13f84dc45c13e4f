import { availableParallelism } from "node:os";
import type { CpuMeter } from "@server/platform/process/cpu-meter";

// How many ffmpeg start-ups run at once. A start-up costs ~0.1-0.15 s of CPU (loading libraries,
// probing the input, the RTMP handshake) and much of it is waiting on the network, so while the CPU
// has room every start goes through at once: that is what makes ten starts at once publish within a
// second. Under real load (preparations encoding, many streams pushing) starts that share the CPU all
// arrive late together, so then only a few run at a time and the rest follow in arrival order.

export interface StartGateOptions {
  /** Start-ups let through at once when the CPU is busy. */
  busyMax: number;
  /** Start-ups let through at once when the CPU has room (a bound on a burst's memory and sockets). */
  freeMax: number;
  /** True when the machine's CPU has no room for more start-ups. */
  cpuBusy: () => boolean;
}

export class StartGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: StartGateOptions) {}

  private hasRoom(): boolean {
    if (this.active < this.options.busyMax) return true;
    return this.active < this.options.freeMax && !this.options.cpuBusy();
  }

  /** Resolves when a start-up may begin; call the returned function once the start-up is over. */
  async acquire(): Promise<() => void> {
    if (this.waiting.length === 0 && this.hasRoom()) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.admitWaiting();
    };
  }

  private admitWaiting(): void {
    while (this.waiting.length > 0 && (this.active === 0 || this.hasRoom())) {
      this.active += 1;
      this.waiting.shift()?.();
    }
  }

  /** Start-ups running now (for tests and figures). */
  get running(): number {
    return this.active;
  }
}

/** Start-ups at once while the CPU has room; bounds a burst's memory and sockets. */
const START_BURST_MAX = 32;
/** Above this share of all cores busy, start-ups queue. */
const CPU_BUSY_FRACTION = 0.8;

/** The supervisor's gate, reading the machine's load through `meter`; busyMax defaults to the CPU count. */
export function cpuAwareGate(meter: CpuMeter, busyMax = availableParallelism()): StartGate {
  return new StartGate({
    busyMax,
    freeMax: START_BURST_MAX,
    cpuBusy: () => meter.busyFraction() >= CPU_BUSY_FRACTION,
  });
}

// Time-axis ticks for charts of a stream's health: round instants a step apart, at most `max` of
// them, each labelled as finely as the step needs. A minute of samples labelled by the minute read
// as five identical "12:12 PM"; here it reads 12:12:00, 12:12:15, 12:12:30 ….

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

export interface TimeAxis {
  ticks: number[];
  format(ms: number): string;
}

export function timeAxis(first: number, last: number, max = 5): TimeAxis {
  const span = Math.max(0, last - first);
  const step = STEPS.find((s) => Math.floor(last / s) - Math.ceil(first / s) + 1 <= max) ?? STEPS.at(-1)!;
  const ticks: number[] = [];
  // Whole-hour and longer steps fall on the local clock's hours, not UTC's.
  const offset = step >= HOUR ? new Date(first).getTimezoneOffset() * MINUTE : 0;
  for (let t = Math.ceil((first - offset) / step) * step + offset; t <= last; t += step) ticks.push(t);
  const options: Intl.DateTimeFormatOptions =
    step < MINUTE
      ? { hour: "2-digit", minute: "2-digit", second: "2-digit" }
      : span <= DAY && step < DAY
        ? { hour: "2-digit", minute: "2-digit" }
        : step < DAY
          ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }
          : { month: "short", day: "numeric" };
  const formatter = new Intl.DateTimeFormat(undefined, options);
  return { ticks, format: (ms) => formatter.format(new Date(ms)) };
}

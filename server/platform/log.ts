// The server's one logger: a JSON object a line for log shippers, or a short readable line for a person
// at a terminal. Hand-written rather than pino: what we need is ~80 lines, runs synchronously (a line
// is written before a crash can lose it), and pino's readable output needs a worker-thread transport.
// Callers pass ids and names only; secrets (stream keys, passwords, tokens) are masked or left out at
// the source, as before.

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = "json" | "pretty";

/** Fields every line may carry; anything else goes along as given. */
export interface LogFields {
  request_id?: string;
  user_id?: number;
  stream_id?: number;
  [key: string]: unknown;
}

export interface LoggerOptions {
  level: LogLevel;
  format: LogFormat;
  write: (line: string) => void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// Under `bun test` only errors are written, through console.error, which fails the test that caused
// one (test/support/preload.ts): an unexpected error in a test stays loud. A server process sets its own.
const underTest = process.env.NODE_ENV === "test";
let options: LoggerOptions = {
  level: underTest ? "error" : "info",
  format: "pretty",
  write: underTest ? (line) => console.error(line) : (line) => process.stdout.write(`${line}\n`),
};

/** main.ts calls this once with the validated env; tests may pass their own `write`. */
export function configureLogger(next: Partial<LoggerOptions>): void {
  options = { ...options, ...next };
}

/** JSON unless a person is watching the terminal. */
export function defaultLogFormat(): LogFormat {
  return process.stdout.isTTY ? "pretty" : "json";
}

export function logEnabled(level: Exclude<LogLevel, "silent">): boolean {
  return RANK[level] >= RANK[options.level];
}

function emit(level: Exclude<LogLevel, "silent">, message: string, fields?: LogFields): void {
  if (!logEnabled(level)) return;
  const time = new Date().toISOString();
  if (options.format === "json") {
    options.write(JSON.stringify({ time, level, message, ...fields }));
    return;
  }
  const extra = fields
    ? Object.entries(fields)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join(" ")
    : "";
  options.write(
    `${time.slice(11, 23)} ${level.toUpperCase().padEnd(5)} ${message}${extra ? ` ${extra}` : ""}`,
  );
}

export const log = {
  debug: (message: string, fields?: LogFields) => emit("debug", message, fields),
  info: (message: string, fields?: LogFields) => emit("info", message, fields),
  warn: (message: string, fields?: LogFields) => emit("warn", message, fields),
  error: (message: string, fields?: LogFields) => emit("error", message, fields),
};

/** An error as one field: its stack where it has one, so a line says where it came from. */
export function errorField(err: unknown): string {
  return err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
}

// The services log through `(line) => void` callbacks with a "[component 12]" prefix; the prefix
// becomes fields, so a stream's lines carry its stream_id.
const PREFIX = /^\[([a-z-]+)(?: (\d+))?\] /;

/** A `(line) => void` callback for the services, at `level`. */
export function lineLogger(level: "info" | "warn" = "info"): (line: string) => void {
  return (line) => {
    const m = PREFIX.exec(line);
    if (!m) return emit(level, line);
    const fields: LogFields = { component: m[1] };
    if (m[1] === "stream" && m[2]) fields.stream_id = Number(m[2]);
    emit(level, line.slice(m[0].length), fields);
  };
}

import { watch } from "node:fs";
import { join } from "node:path";
import { tiedCommand } from "@server/platform/process/child-process";
import type { Subprocess } from "bun";

// `bun run dev`: the server under `bun --watch` (restarts when server or shared code changes) and
// the client rebuilt whenever client/ or shared/ changes. The server reads client/dist on every
// request, so a rebuild shows on the next page load without a restart.
const root = join(import.meta.dir, "..");
const dist = join(root, "client", "dist");

let building: Promise<void> | null = null;
let again = false;

async function build(): Promise<void> {
  const started = performance.now();
  const proc = Bun.spawn(["bun", "run", "client/build.ts"], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  const code = await proc.exited;
  const ms = Math.round(performance.now() - started);
  console.log(code === 0 ? `[dev] client rebuilt in ${ms} ms` : "[dev] client build failed (see above)");
}

/** One build at a time; changes during a build trigger exactly one more. */
function rebuild(): void {
  if (building) {
    again = true;
    return;
  }
  building = build().finally(() => {
    building = null;
    if (again) {
      again = false;
      rebuild();
    }
  });
}

let timer: ReturnType<typeof setTimeout> | undefined;
function onChange(_event: string, file: string | Buffer | null): void {
  // The build's own output must not trigger another build.
  if (String(file ?? "").startsWith("dist")) return;
  clearTimeout(timer);
  // Editors write several files per save: wait for the burst to settle.
  timer = setTimeout(rebuild, 100);
}

await build();
const watchers = [
  watch(join(root, "client"), { recursive: true }, onChange),
  watch(join(root, "shared"), { recursive: true }, onChange),
];

// Tied to this process, so a killed `npm run dev` takes the server (and its ffmpeg) with it.
const server: Subprocess = Bun.spawn(
  tiedCommand(["bun", "--watch", "server/main.ts", ...process.argv.slice(2)]),
  {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
    stdin: "inherit",
  },
);
console.log(`[dev] watching client/ and shared/; client output in ${dist}`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const w of watchers) w.close();
  clearTimeout(timer);
  server.kill(signal);
  await server.exited;
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

// If the server exits by itself (a crash bun --watch could not recover from), dev ends with it.
const code = await server.exited;
if (!stopping) {
  for (const w of watchers) w.close();
  process.exit(code ?? 1);
}

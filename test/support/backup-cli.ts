import { join } from "node:path";

// `npm run backup` and `npm run restore` as an operator runs them, with DATA_DIR from the environment.

const ROOT = join(import.meta.dir, "..", "..");

export async function runBackupCli(
  task: "backup" | "restore",
  target: string,
  dataDir: string,
): Promise<{ code: number; out: string; ms: number }> {
  const started = performance.now();
  const proc = Bun.spawn(["npm", "run", "--silent", task, "--", target], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, out: out + err, ms: Math.round(performance.now() - started) };
}

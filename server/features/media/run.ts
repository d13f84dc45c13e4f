import { spawnTied } from "@server/platform/process/child-process";
import type { ChildKind } from "@server/platform/process/child-registry";

// Runs a media tool with a deadline so a pathological file cannot hold an upload request forever.
// The child is tied and registered like every other, so a shutdown or the last resort ends it too.
export async function runTool(
  cmd: string[],
  timeoutMs: number,
  kind: ChildKind = "tool",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = spawnTied(cmd, { kind });
  const timer = setTimeout(() => proc.kill("SIGKILL"), timeoutMs);
  try {
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}

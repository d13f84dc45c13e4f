// A stand-in node for the lease watchdog's tests: it starts LeaseDeadlines on a folder, spawns
// `sleep 1000`, guards it LEAD_MS ahead and renews that every RENEW_MS, as a node renewing its lease
// would. It prints one JSON line (the child's and the watchdog's pids), then one per renewal written
// (`{"renewed": deadline}`) and one when the child exits. Args: <folder> <log file> <tied|untied>.
// SIGTERM stops it cleanly: the child is stopped and released, then the watchdog.

import { openSync } from "node:fs";
import { spawnTied } from "@server/platform/process/child-process";
import { LeaseDeadlines } from "@server/platform/process/lease-deadlines";

const LEAD_MS = 2000;
const RENEW_MS = 200;

const [folder = "", logFile = "", mode = "tied"] = process.argv.slice(2);
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const deadlines = new LeaseDeadlines({ folder, stderr: openSync(logFile, "a") });
await deadlines.start();
const child =
  mode === "tied"
    ? spawnTied(["sleep", "1000"])
    : Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
const renew = () => {
  const deadline = Date.now() + LEAD_MS;
  if (deadlines.guard(child.pid, deadline)) say({ renewed: deadline });
};
renew();
say({ child: child.pid, watchdog: deadlines.watchdogPid });
const timer = setInterval(renew, RENEW_MS);
void child.exited.then(() => {
  clearInterval(timer);
  deadlines.release(child.pid);
  say({ exited: child.signalCode ?? child.exitCode });
});
process.on("SIGTERM", async () => {
  clearInterval(timer);
  deadlines.release(child.pid);
  child.kill("SIGKILL");
  await child.exited;
  await deadlines.stop();
  process.exit(0);
});

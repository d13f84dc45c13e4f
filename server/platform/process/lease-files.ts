// The files a node and its lease watchdog share (see lease-watchdog.ts): one deadline file per guarded
// child, named for its pid, and the lock naming the watchdog. Imports node: built-ins only, since the
// watchdog loads it and must start in milliseconds.

import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The lock file: who watches this folder, for which node. */
export const LOCK_NAME = ".watchdog.json";
/** Exit code of a watchdog started for a folder another live watchdog already watches for a live node. */
export const EXIT_HELD = 3;

/** One deadline file's content; the file is named for the pid. */
export interface DeadlineFile {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: tells the child from a later process given the same pid. */
  startTime: number;
  /** Epoch ms. */
  deadline: number;
}

/** The state letter, start time and session of a process from /proc/<pid>/stat, if it exists. */
export function processStat(pid: number): { state: string; startTime: number; session: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Field 2, the command name, is in parentheses and may hold spaces or parentheses itself.
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // rest[0] is field 3 (state), rest[3] field 6 (session), rest[19] field 22 (start time).
  return { state: rest[0] ?? "", session: Number(rest[3]), startTime: Number(rest[19]) };
}

/** Whether pid is a live process (not a zombie) that started at startTime. */
export function runsAsStarted(pid: number, startTime: number | null): boolean {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== "Z" && stat.state !== "X" && stat.startTime === startTime;
}

/** The start time of a live process, or undefined when it is gone or a zombie. */
export function startTimeOf(pid: number): number | undefined {
  const stat = processStat(pid);
  return stat && stat.state !== "Z" && stat.state !== "X" ? stat.startTime : undefined;
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);

/** A deadline file's content, or undefined when it is not exactly what a node writes for this name. */
export function parseDeadline(name: string, text: string): DeadlineFile | undefined {
  try {
    const value = JSON.parse(text) as Partial<DeadlineFile>;
    if (!isInt(value.pid) || value.pid < 2 || String(value.pid) !== name) return undefined;
    if (!isInt(value.startTime) || value.startTime < 0 || !isInt(value.deadline)) return undefined;
    return { pid: value.pid, startTime: value.startTime, deadline: value.deadline };
  } catch {
    return undefined;
  }
}

/** The lock's content: the watchdog and the node it watches for, each with its start time. */
export interface LockFile {
  pid: number;
  startTime: number;
  parentPid: number;
  parentStartTime: number | null;
}

export function readLock(folder: string): LockFile | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, LOCK_NAME), "utf8")) as LockFile;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder's lock: created if there is none, taken over if its holder is dead or watches for
 * a node that is gone (that one sees it lost the lock at its next look and leaves). False when a live
 * watchdog watches for a live node.
 */
export function takeLock(folder: string, me: LockFile): boolean {
  const lock = join(folder, LOCK_NAME);
  const tmp = join(folder, `.watchdog.${me.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(me));
  try {
    linkSync(tmp, lock);
    unlinkSync(tmp);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const holder = readLock(folder);
  if (
    holder &&
    runsAsStarted(holder.pid, holder.startTime) &&
    runsAsStarted(holder.parentPid, holder.parentStartTime)
  ) {
    unlinkSync(tmp);
    return false;
  }
  renameSync(tmp, lock);
  return true;
}

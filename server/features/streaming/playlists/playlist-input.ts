import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { MediaPreparer } from "@server/features/media";
import { needsPreparation } from "@server/features/media";
import type { LaunchRows } from "@server/features/streaming/stream-store";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "@server/platform/files/private";
import { isRegularFileSync } from "@server/platform/files/regular";
import { STREAMING } from "@shared/messages/streaming";
import type { DestinationType } from "@shared/schemas/streaming";
import type { PlaylistMediaRow } from "./playlist-rows";

// A playlist goes out as ONE ffmpeg run, so the ingest sees one publish: ffmpeg's concat demuxer reads
// a list file. Two files per stream:
// - the items list, rewritten (atomically) whenever the playlist changes;
// - a fixed outer list that names the items list twice, read with -stream_loop (a count that ends the
//   run at a seam before its planned reconnect, see loop-plan.ts).
// Each time the outer list moves to its next entry or loops, the items list is opened anew, so an
// edit plays from the next loop on, and the nesting stays two deep. A list that names itself grows
// one level per loop instead (measured: memory and per-packet work climb with every loop).

/** How many times the outer list names the items list: one pass of -stream_loop plays the list this often. */
export const PLAYS_PER_LIST_PASS = 2;

const dirOf = (dataDir: string) => join(dataDir, "playlists");
const itemsPath = (dataDir: string, streamId: number) =>
  join(dirOf(dataDir), `stream-${streamId}.items.ffconcat`);
const outerPath = (dataDir: string, streamId: number) => join(dirOf(dataDir), `stream-${streamId}.ffconcat`);
const resumePath = (dataDir: string, streamId: number) =>
  join(dirOf(dataDir), `stream-${streamId}.resume.ffconcat`);

/** A path as an ffconcat line quotes it: in single quotes, a quote written as '\''. */
const quoted = (path: string) => `'${path.replaceAll("'", "'\\''")}'`;

/**
 * An ffconcat list; `nestedLists` marks entries that are lists themselves, read with absolute paths
 * allowed. Every entry is written absolute: ffmpeg reads a relative entry against the list's own
 * folder, not against the directory it was started in.
 */
export const concatList = (files: string[], nestedLists = false) =>
  [
    "ffconcat version 1.0",
    ...files.flatMap((f) => [`file ${quoted(resolve(f))}`, ...(nestedLists ? ["option safe 0"] : [])]),
    "",
  ].join("\n");

/** What must match between items for stream copy to join them into one stream. */
const streamShape = (m: PlaylistMediaRow) =>
  [m.videoCodec, m.width, m.height, m.frameRate, m.audioCodec].join("|");

/**
 * The files the items play: their own when each can be stream-copied to this destination and all
 * share one shape; otherwise every item's prepared copy (fixed codec, frame rate, keyframes and sound).
 */
export async function playlistFiles(
  preparer: MediaPreparer,
  items: PlaylistMediaRow[],
  destination: DestinationType,
): Promise<string[]> {
  const direct = items.every((m) => !needsPreparation(m, destination));
  const sameShape = new Set(items.map(streamShape)).size === 1;
  const files = await Promise.all(
    items.map((m) => (direct && sameShape ? preparer.fileFor(m, destination) : preparer.ensure(m))),
  );
  // ffmpeg would follow a link planted in the media folder: the list names regular files only.
  if (!files.every(isRegularFileSync)) throw new Error(STREAMING.mediaFileMissing);
  return files;
}

/** Writes the items list in one step (a reader never sees half a file). */
function writeAtomically(path: string, text: string): void {
  const partial = `${path}.${crypto.randomUUID()}.part`;
  writeFileSync(partial, text, { mode: PRIVATE_FILE });
  renameSync(partial, path);
}

/** Writes (or rewrites) the stream's list files; answers the outer list to hand to ffmpeg. */
export function writePlaylistLists(dataDir: string, streamId: number, files: string[]): string {
  mkdirSync(dirOf(dataDir), { recursive: true, mode: PRIVATE_FOLDER });
  const items = itemsPath(dataDir, streamId);
  writeAtomically(items, concatList(files));
  const outer = outerPath(dataDir, streamId);
  // -safe 0 on the command line reaches only the outer list; the nested one gets it here.
  writeAtomically(outer, concatList(Array(PLAYS_PER_LIST_PASS).fill(items), true));
  return outer;
}

/**
 * The list a resumed run plays once: the rest of the playlist from `item`, that item from `offset`
 * seconds in (the concat demuxer starts at the keyframe at or before it). It does not loop: in a
 * looped list, the concat demuxer keeps the first play's shorter length and timestamps jump back.
 */
export function writeResumeList(
  dataDir: string,
  streamId: number,
  files: string[],
  from: { item: number; offset: number },
): string {
  mkdirSync(dirOf(dataDir), { recursive: true, mode: PRIVATE_FOLDER });
  const lines = concatList(files.slice(from.item)).split("\n");
  if (from.offset > 0) lines.splice(2, 0, `inpoint ${from.offset.toFixed(3)}`);
  const path = resumePath(dataDir, streamId);
  writeAtomically(path, lines.join("\n"));
  return path;
}

/** Removes a stream's list files once its run is over. */
export function removePlaylistLists(dataDir: string, streamId: number): void {
  rmSync(resumePath(dataDir, streamId), { force: true });
  rmSync(itemsPath(dataDir, streamId), { force: true });
  rmSync(outerPath(dataDir, streamId), { force: true });
}

/**
 * Server start, before any stream is launched: every list file belongs to the previous run (a crash
 * skips their removal); streams resumed now write theirs anew. Answers how many were removed.
 */
export function removeLeftoverLists(dataDir: string): number {
  let entries: string[];
  try {
    entries = readdirSync(dirOf(dataDir));
  } catch {
    return 0;
  }
  for (const name of entries) rmSync(join(dirOf(dataDir), name), { force: true, recursive: true });
  return entries.length;
}

/** The file ffmpeg reads for a launch: the media (or its prepared copy), or the playlist's outer list. */
export async function launchInput(
  preparer: MediaPreparer,
  dataDir: string,
  rows: LaunchRows,
  resumeAt: { item: number; offset: number } | null = null,
): Promise<string> {
  if (rows.media) return preparer.fileFor(rows.media, rows.destination.type);
  const files = await playlistFiles(preparer, rows.playlist.items, rows.destination.type);
  const outer = writePlaylistLists(dataDir, rows.stream.id, files);
  return resumeAt ? writeResumeList(dataDir, rows.stream.id, files, resumeAt) : outer;
}

/** Rewrites a live playlist stream's lists after an edit; a failure is logged, the stream plays on. */
export function rewriteLists(
  preparer: MediaPreparer,
  dataDir: string,
  rows: LaunchRows,
  log: (l: string) => void,
) {
  if (!rows.playlist) return;
  launchInput(preparer, dataDir, rows).catch((err) =>
    log(`[stream ${rows.stream.id}] playlist list not rewritten: ${(err as Error).message}`),
  );
}

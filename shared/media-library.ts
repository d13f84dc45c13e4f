import { DEFAULT_ORDER, type MediaSort, type SortOrder } from "@shared/media-sorts";
import type { MediaItem } from "@shared/schemas/media";

export * from "@shared/media-sorts";

// How the media list is searched and sorted, written once for the server (the list call's `q`, `sort`
// and `order`) and the Media tab (which searches and sorts the list it already holds, as you type).
// Sorting here rather than in SQL gives the same order on SQLite and PostgreSQL, whose collations
// differ, and readiness depends on the disk (a prepared copy gone missing), which SQL cannot see.

type Sortable = Pick<
  MediaItem,
  | "id"
  | "original_name"
  | "file_size"
  | "created_at"
  | "kind"
  | "steam_ready"
  | "preparation"
  | "file_missing"
>;

/**
 * How ready a file is to stream, 0 first: ready for Steam (or its converted copy made), being
 * converted, needing conversion (or its conversion failed), gone from the disk, an image.
 */
export function readinessRank(item: Sortable): number {
  if (item.kind === "image") return 4;
  if (item.file_missing) return 3;
  if (item.steam_ready || item.preparation?.status === "done") return 0;
  if (item.preparation?.status === "running" || item.preparation?.status === "pending") return 1;
  return 2;
}

const names = new Intl.Collator("en", { sensitivity: "base", numeric: true });
/** The name without its extension: "Trailer.mp4" sorts before "Trailer v2.mp4", as a person expects. */
const stem = (name: string) => name.replace(/\.[^.]*$/, "");

/** Whether the file's name contains the search text, ignoring case; an empty search matches all. */
export function matchesSearch(name: string, q: string | undefined): boolean {
  const text = q?.trim().toLocaleLowerCase("en") ?? "";
  return text === "" || name.toLocaleLowerCase("en").includes(text);
}

const KEYS: Record<MediaSort, (a: Sortable, b: Sortable) => number> = {
  date: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  name: (a, b) =>
    names.compare(stem(a.original_name), stem(b.original_name)) ||
    names.compare(a.original_name, b.original_name),
  size: (a, b) => a.file_size - b.file_size,
  readiness: (a, b) => readinessRank(a) - readinessRank(b),
};

/**
 * The files matching `q`, in the asked order. Files that tie keep newest first (by id, the upload
 * order), whichever way the order goes, so a list never shuffles between two loads.
 */
export function searchAndSort<T extends Sortable>(
  items: readonly T[],
  opts: { q?: string; sort?: MediaSort; order?: SortOrder } = {},
): T[] {
  const sort = opts.sort ?? "date";
  const sign = (opts.order ?? DEFAULT_ORDER[sort]) === "asc" ? 1 : -1;
  const key = KEYS[sort];
  return items
    .filter((m) => matchesSearch(m.original_name, opts.q))
    .sort((a, b) => sign * key(a, b) || b.id - a.id);
}

// The media list's sorts and bounds, apart from the sorting itself so the input schemas can name
// them without importing the answer types the sorting reads.

export const MEDIA_SORTS = ["date", "name", "size", "readiness"] as const;
export type MediaSort = (typeof MEDIA_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order each sort takes when none is given: names A to Z, newest first, largest first, ready first. */
export const DEFAULT_ORDER: Record<MediaSort, SortOrder> = {
  date: "desc",
  name: "asc",
  size: "desc",
  readiness: "asc",
};

/** The longest search text the list takes. */
export const MEDIA_SEARCH_MAX = 100;
/** The most files one delete of several takes. */
export const MEDIA_BULK_DELETE_MAX = 100;

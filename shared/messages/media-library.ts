// The media library's texts: search, sort, several files deleted at once, and the storage used.
export const MEDIA_LIBRARY = {
  searchLabel: "Search files",
  searchPlaceholder: "Search by name",
  sortLabel: "Sort by",
  sortNames: { date: "Date", name: "Name", size: "Size", readiness: "Readiness" },
  orderLabel: "Order",
  orderNames: { asc: "Ascending", desc: "Descending" },
  noMatch: (q: string) => `No file name contains "${q}".`,
  shownOf: (shown: number, total: number) => `${shown} of ${total} files`,
  selectLabel: (name: string) => `Select ${name}`,
  selectAllShown: "Select all shown",
  selected: (n: number) => `${n} selected`,
  clearSelection: "Clear selection",
  deleteSelected: "Delete selected",
  deleteSelectedTitle: "Delete Media Files",
  confirmDeleteSelected: (n: number) =>
    `Are you sure you want to delete ${n === 1 ? "this media file" : `these ${n} media files`}? Nothing is deleted if one of them is still in use.`,
  deletedCount: (n: number) => `${n} file${n === 1 ? "" : "s"} deleted`,
  storageUsed: "Storage used",
  /** Under the project's figure: the files, and the converted copies kept for streaming. */
  storageBreakdown: (files: number, media: string, prepared: string) =>
    `${files} file${files === 1 ? "" : "s"}: ${media} uploaded, ${prepared} in copies converted for streaming`,
  storageByProject: "Storage by project",
  storageTotal: "Total",
  storageNothingStored: "No media stored yet",
  storageMoreProjects: (n: number) => `and ${n} more project${n === 1 ? "" : "s"}`,
  // Refusals (the server's; the client shows them as the error text).
  unknownParam: "This address does not take that parameter.",
  sortInvalid: "Sort by name, date, size or readiness.",
  orderInvalid: "Order must be asc or desc.",
  searchInvalid: "Search text must be text.",
  idsInvalid: "ids must be a list of media file ids.",
  idsEmpty: "Choose at least one file to delete.",
  idsTooMany: (max: number) => `Delete at most ${max} files at a time.`,
  idsRepeated: "Name each file once.",
  /** One file the delete of several refused: its name and what holds it. */
  inUseItem: (name: string, use: string) => `${name}: ${use}`,
  bulkInUse: (items: readonly string[]) =>
    `Nothing was deleted, because ${items.length === 1 ? "a file is" : `${items.length} files are`} still in use. ${items.join(" ")}`,
} as const;

/** A table's actions column stays in view at the right edge while the rest of the row scrolls under it. */
export const PINNED_COLUMN = { position: "sticky", right: "0", bg: "bg", zIndex: "1" } as const;

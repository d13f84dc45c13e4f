/** Rows per query when an export walks a long range. */
export const EXPORT_PAGE = 500;

/**
 * Yields rows a page at a time, in date order: `page(after, limit)` answers at most `limit` rows
 * dated after `after` (one row per date), so a long range is never held in memory at once.
 */
export async function* datePages<R extends { date: string }>(
  page: (after: string, limit: number) => Promise<R[]>,
): AsyncGenerator<R> {
  let after = "";
  for (;;) {
    const rows = await page(after, EXPORT_PAGE);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.date;
  }
}

import { errorField, log } from "@server/platform/log";
import type { ExportFormat } from "@shared/schemas/analytics-export";
import { csvHeader, csvLine, type ExportColumn, jsonObject } from "./format";

// Turns a kind's rows into a byte stream that is pulled, not pushed: the next rows are read only when
// the client has taken the previous chunk, so memory stays flat whatever the range and a slow client
// slows the reading down instead of piling rows up.

/** Rows gathered into one chunk: large enough to keep the per-chunk overhead small. */
const ROWS_PER_CHUNK = 500;

async function* lines<R>(
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
  format: ExportFormat,
): AsyncGenerator<string> {
  if (format === "csv") yield csvHeader(columns);
  else yield "[";
  let buffer: string[] = [];
  let first = true;
  for await (const row of rows) {
    if (format === "csv") buffer.push(csvLine(columns, row));
    else {
      buffer.push(`${first ? "\n" : ",\n"}${jsonObject(columns, row)}`);
      first = false;
    }
    if (buffer.length >= ROWS_PER_CHUNK) {
      yield buffer.join("");
      buffer = [];
    }
  }
  buffer.push(format === "csv" ? "" : "\n]\n");
  yield buffer.join("");
}

export function exportStream<R>(
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
  format: ExportFormat,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = lines(columns, rows, format);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await source.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          // The headers are gone already: all that is left is to cut the download short and say why in the log.
          log.warn("analytics export cut short", { error: errorField(err) });
          controller.error(err);
        }
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

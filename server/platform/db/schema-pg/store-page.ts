import { STORE_PAGE_STATES } from "@shared/schemas/store-page";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { destinations, streams } from "./streaming";

/**
 * What the store-page check saw of a stream to a Steam destination: one row per state, from the
 * change into it until the next change or the end of the run. The stream history lists them, and the
 * uptime report counts "on the store page" time from them.
 */
export const storePageStates = pgTable(
  "store_page_states",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    streamId: integer("stream_id")
      .notNull()
      .references(() => streams.id, { onDelete: "cascade" }),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    state: text("state", { enum: STORE_PAGE_STATES }).notNull(),
    appId: integer("app_id"),
    appTitle: text("app_title"),
    reason: text("reason"),
    startedAt: bigint("started_at", { mode: "number" }).notNull(),
    endedAt: bigint("ended_at", { mode: "number" }),
  },
  (t) => [
    index("store_page_states_dest_idx").on(t.destinationId, t.startedAt),
    index("store_page_states_stream_idx").on(t.streamId),
  ],
);

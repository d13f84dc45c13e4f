import { z } from "zod";
import { isoTime } from "./answers-common";
import { idSchema } from "./ids";

// Whether Steam shows a running stream to a Steam destination, as the store-page check sees it.
// The names are part of the API and the history: keep them stable.

export const STORE_PAGE_STATES = ["pushed", "on_store_page", "other_app", "not_shown", "unknown"] as const;
export type StorePageState = (typeof STORE_PAGE_STATES)[number];

const nullableInt = z.number().int().nullable();

/** The check's view of a destination's running stream. */
export const storePageView = z.object({
  destination_id: z.number().int(),
  stream_id: nullableInt.describe("The running stream; null (and every field below null) when none runs."),
  state: z.enum(STORE_PAGE_STATES).nullable(),
  since: isoTime.nullable().describe("When the stream entered this state."),
  app_id: nullableInt.describe(
    "The app Steam shows the broadcast with (on the store page or another game's).",
  ),
  app_title: z.string().nullable(),
  reason: z
    .string()
    .nullable()
    .describe("A plain sentence: why the state is what it is (always set for unknown)."),
  checked_at: isoTime
    .nullable()
    .describe("Steam's last answer, or failure to answer; null before the first."),
});
export type StorePageView = z.infer<typeof storePageView>;

/** The dashboard's list: each live Steam stream's state, with the names to show it by. */
export const storePageOverview = storePageView.extend({
  destination_name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
});
export type StorePageOverview = z.infer<typeof storePageOverview>;

/** A change of state, as the stream history lists them. */
export const storePageChange = z.object({
  state: z.enum(STORE_PAGE_STATES),
  at: isoTime,
  ended_at: isoTime.nullable(),
  app_id: nullableInt,
  app_title: z.string().nullable(),
  reason: z.string().nullable(),
});
export type StorePageChange = z.infer<typeof storePageChange>;

/** GET /destinations/{id}/store-page and POST /destinations/{id}/store-page/check */
export const storePageInput = z.strictObject({ id: idSchema });

/** GET /streams/{id}/store-page: a stream's store-page history. */
export const storePageHistoryInput = z.strictObject({ streamId: idSchema });

import { z } from "zod";
import { idSchema } from "./ids";

// Whether Steam shows a running stream to a Steam destination, as the store-page check sees it.
// The names are part of the API and the history: keep them stable.

export const STORE_PAGE_STATES = ["pushed", "on_store_page", "other_app", "not_shown", "unknown"] as const;
export type StorePageState = (typeof STORE_PAGE_STATES)[number];

/** The check's view of a destination's running stream; null fields where they do not apply. */
export interface StorePageView {
  destination_id: number;
  stream_id: number;
  state: StorePageState;
  /** When the stream entered this state. */
  since: string;
  /** The app Steam shows the broadcast on (on the store page, or another game's page). */
  app_id: number | null;
  app_title: string | null;
  /** A plain sentence: why the state is what it is (always set for Unknown). */
  reason: string | null;
  /** Steam's last answer (or failure to answer); null before the first check. */
  checked_at: string | null;
}

/** A change of state, as the stream history lists them. */
export interface StorePageChange {
  state: StorePageState;
  at: string;
  ended_at: string | null;
  app_id: number | null;
  app_title: string | null;
  reason: string | null;
}

/** GET /destinations/{id}/store-page and POST /destinations/{id}/store-page/check */
export const storePageInput = z.strictObject({ id: idSchema });

/** GET /streams/{id}/store-page: a stream's store-page history. */
export const storePageHistoryInput = z.strictObject({ streamId: idSchema });

import { createToaster } from "@chakra-ui/react";
import { NOTICE_DURATION_MS } from "@shared/limits";

// One toaster for the whole console; <Notices /> in the shell renders it.
export const toaster = createToaster({ placement: "top-end", pauseOnPageIdle: true });

export type NoticeType = "success" | "error" | "warning" | "info";

export interface Notice {
  type: NoticeType;
  title: string;
  message?: string;
  /** Milliseconds; closes by itself after 5000 ms unless given. */
  duration?: number;
}

let seq = 0;

/**
 * Shows a notice; returns its id (for toaster.dismiss). The toaster updates React synchronously
 * (flushSync), which React refuses inside a render or an effect, where screens often call this:
 * so the notice is created a microtask later.
 */
export function notify({ type, title, message, duration }: Notice): string {
  const id = `notice-${++seq}`;
  // A call's fallback text is often its title too ("Failed to fetch users"): say it once.
  const description = message?.trim() && message.trim() !== title.trim() ? message : undefined;
  queueMicrotask(() => {
    toaster.create({
      id,
      type,
      title,
      description,
      duration: duration ?? NOTICE_DURATION_MS,
      closable: true,
    });
  });
  return id;
}

import { createToaster } from "@chakra-ui/react";
import { NOTICE_DURATION_MS } from "../../shared/limits";

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

export function notify({ type, title, message, duration }: Notice) {
  return toaster.create({
    type,
    title,
    description: message,
    duration: duration ?? NOTICE_DURATION_MS,
    closable: true,
  });
}

import { afterAll, afterEach, beforeAll } from "bun:test";
import { toaster } from "@client/lib/notify";
import { cleanup } from "@testing-library/react";

type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: unknown };

/**
 * For a file of component tests whose screens update outside act(): Chakra's dialogs close through
 * zag timers, and polling pages refetch on their own, which React would report as a console.error (a
 * failure here). Every assertion in such a file waits for what it expects (findBy, waitFor), so React
 * is told it is not in a test for the file's duration. Each test ends with the screen and the toasts
 * cleared. Answers the visible toasts as [title, description] pairs.
 */
export function updatesOutsideAct(): { toasts: () => [unknown, unknown][] } {
  let before: unknown;
  beforeAll(() => {
    before = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = before;
  });
  afterEach(() => {
    cleanup();
    toaster.remove();
  });
  return { toasts: () => toaster.getVisibleToasts().map((t) => [t.title, t.description]) };
}

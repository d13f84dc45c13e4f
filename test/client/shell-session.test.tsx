import { describe, expect, spyOn, test } from "bun:test";
import { projectIdFromPath, readCurrentProject, writeCurrentProject } from "@client/app/current-project";
import { retryOnce } from "@client/app/query-client";
import { RECHECK_WITHIN_MS, recheck } from "@client/app/recheck";
import { afterCheck, classifyFailure, reactToApiError, type SessionState } from "@client/app/session-rules";
import { errorMessage } from "@client/lib/errors";
import { notify, toaster } from "@client/lib/notify";
import { timeoutForUrl } from "@client/lib/trpc";
import { SHELL } from "@client/messages/shell";
import { FINANCIAL_API_TEST_TIMEOUT_MS, SESSION_CHECK_MS } from "@shared/limits";
import { AUTH } from "@shared/messages/auth";
import type { SessionUser } from "@shared/types";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { TRPCClientError } from "@trpc/client";
import { makeOrg, makeUser, testDeps } from "../support/server";
import { browserSession, renderConsole, setupConsoleTests } from "./shell-harness";

setupConsoleTests();

const answered = (httpStatus: number) =>
  TRPCClientError.from({ error: { message: "x", code: -32000, data: { code: "X", httpStatus } } });
const noAnswer = () => TRPCClientError.from(new TypeError("Failed to fetch"));
const user = {
  id: 1,
  name: "A",
  email: "a@x.io",
  role: "developer",
  org_id: 1,
  org_name: "O",
} as SessionUser;
const signedIn: SessionState = { user, status: "authenticated" };
const loading: SessionState = { user: null, status: "loading" };

describe("session rules", () => {
  test("the first check: a user, nobody (quietly), a refusal, or no server", () => {
    expect(afterCheck("initial", loading, { user })).toEqual({ next: signedIn });
    expect(afterCheck("initial", loading, { user: null })).toEqual({
      next: { user: null, status: "unauthenticated" },
    });
    expect(afterCheck("initial", loading, { error: answered(401) }).message).toBe(AUTH.authRequired);
    expect(afterCheck("initial", loading, { error: noAnswer() })).toEqual({
      next: { user: null, status: "error" },
    });
  });

  test("a failed periodic check: 'Session expired', or unreachable when there is no answer", () => {
    const gone = afterCheck("periodic", signedIn, { user: null });
    expect(gone).toEqual({ next: { user: null, status: "unauthenticated" }, message: AUTH.sessionExpired });
    expect(afterCheck("periodic", signedIn, { error: answered(500) }).message).toBe(AUTH.sessionExpired);
    const down = afterCheck("periodic", signedIn, { error: noAnswer() });
    expect(down).toEqual({ next: { user: null, status: "error" }, message: AUTH.unreachableSession });
  });

  test("refresh: a server hiccup keeps the user and says 'Failed to refresh user data'", () => {
    expect(afterCheck("refresh", signedIn, { error: answered(500) })).toEqual({
      next: signedIn,
      message: AUTH.refreshFailed,
    });
    expect(afterCheck("refresh", signedIn, { error: answered(401) }).message).toBe(AUTH.authFailed);
  });

  test("API errors while signed in: 401 ends the session, 403 is verified first, no answer is unreachable", () => {
    expect(reactToApiError(signedIn, answered(401))).toEqual({
      kind: "transition",
      transition: { next: { user: null, status: "unauthenticated" }, message: AUTH.authFailed },
    });
    expect(reactToApiError(signedIn, answered(403))).toEqual({ kind: "verify" });
    expect(afterCheck("verify", signedIn, { user: null }).message).toBe(AUTH.authFailed);
    expect(afterCheck("verify", signedIn, { user })).toEqual({ next: signedIn });
    // No answer is asked again before it counts as an unreachable server.
    expect(reactToApiError(signedIn, noAnswer())).toEqual({ kind: "recheck" });
    expect(reactToApiError(signedIn, answered(404))).toEqual({ kind: "ignore" });
    expect(reactToApiError(signedIn, answered(429))).toEqual({ kind: "ignore" });
    // Signed out, nothing is cleared twice.
    expect(reactToApiError({ user: null, status: "unauthenticated" }, answered(401))).toEqual({
      kind: "ignore",
    });
  });

  test("only a request that got no answer counts as unreachable", () => {
    expect(classifyFailure(noAnswer())).toBe("unreachable");
    expect(classifyFailure(TRPCClientError.from(new DOMException("timed out", "TimeoutError")))).toBe(
      "unreachable",
    );
    // A reply that could not be read (a proxy's HTML error page) is a failure, not a dead server.
    expect(classifyFailure(TRPCClientError.from(new SyntaxError("Unexpected token '<'")))).toBe("other");
    expect(classifyFailure(answered(403))).toBe("unauthorized");
    expect(classifyFailure(answered(500))).toBe("other");
  });

  test("a call's error text: the server's words, else the call's fallback when nothing answered", () => {
    const refused = TRPCClientError.from({
      error: { message: "Project not found", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404 } },
    });
    expect(errorMessage(refused, "Failed to create destination")).toBe("Project not found");
    expect(errorMessage(noAnswer(), "An unexpected error occurred")).toBe("An unexpected error occurred");
    const timedOut = TRPCClientError.from(new DOMException("signal timed out", "TimeoutError"));
    expect(errorMessage(timedOut, "An unexpected error occurred")).toBe("An unexpected error occurred");
  });

  test("queries retry once, never a 4xx", () => {
    expect(retryOnce(0, answered(500))).toBe(true);
    expect(retryOnce(1, answered(500))).toBe(false);
    expect(retryOnce(0, noAnswer())).toBe(true);
    expect(retryOnce(0, answered(403))).toBe(false);
  });

  test("timeouts: 10 s, sign-in 15 s, the longest of a batch", () => {
    expect(timeoutForUrl("/api/trpc/auth.me")).toBe(10_000);
    expect(timeoutForUrl("/api/trpc/auth.login?batch=1")).toBe(15_000);
    expect(timeoutForUrl("/api/trpc/projects.list,auth.login?batch=1&input={}")).toBe(15_000);
    // A sync answers at once with its job; the API test dialog waits on several Steam calls.
    expect(timeoutForUrl("/api/trpc/analytics.syncAllApps?batch=1")).toBe(10_000);
    expect(timeoutForUrl("/api/trpc/analytics.syncFinancial?batch=1")).toBe(10_000);
    expect(timeoutForUrl("/api/trpc/analytics.testFinancialApi?batch=1")).toBe(FINANCIAL_API_TEST_TIMEOUT_MS);
  });

  test("the current project: stored id, paths that make one current", () => {
    expect(readCurrentProject()).toBeNull();
    writeCurrentProject(12);
    expect(readCurrentProject()).toBe(12);
    localStorage.setItem("currentProjectId", "junk");
    expect(readCurrentProject()).toBeNull();
    writeCurrentProject(null);
    expect(localStorage.getItem("currentProjectId")).toBeNull();
    expect(projectIdFromPath("/projects/5")).toBe(5);
    expect(projectIdFromPath("/projects/5/media")).toBe(5);
    expect(projectIdFromPath("/projects")).toBeNull();
    expect(projectIdFromPath("/projects/new")).toBeNull();
    expect(projectIdFromPath("/projects/55x")).toBeNull();
  });
});

async function consoleSignedIn(path = "/submissions") {
  const deps = testDeps();
  const u = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
  const session = browserSession(deps);
  await session.signInAs(u.email);
  const view = renderConsole(session, path);
  await screen.findByText(SHELL.comingSoon, {}, { timeout: 5000 });
  // A refetch requested while the first load is in flight joins it instead of asking again.
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return { session, view, user: u };
}

describe("session while signed in", () => {
  test("a 401 from any call signs out with 'Authentication failed...' and comes back after signing in", async () => {
    const { session, view, user: u } = await consoleSignedIn("/marketing");
    session.revoke();
    await act(() => view.queryClient.invalidateQueries());
    expect(await screen.findByText(AUTH.authFailed)).toBeTruthy();
    await screen.findByRole("button", { name: AUTH.signIn });
    fireEvent.change(screen.getByLabelText(AUTH.emailLabel), { target: { value: u.email } });
    fireEvent.change(screen.getByLabelText(AUTH.passwordLabel), { target: { value: "password123" } });
    fireEvent.click(screen.getByRole("button", { name: AUTH.signIn }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/marketing"), {
      timeout: 5000,
    });
  }, 15_000);

  test("a 403 with a live session (a role refusal) keeps the user signed in", async () => {
    const { view } = await consoleSignedIn();
    view.network.refuse.set("projects.list", 403);
    await act(() => view.queryClient.invalidateQueries());
    await Bun.sleep(100);
    expect(screen.getByText(SHELL.comingSoon)).toBeTruthy();
    expect(screen.queryByText(AUTH.authFailed) === null).toBe(true);
  });

  test("a 403 whose session is gone signs out with 'Authentication failed...'", async () => {
    const { view, session } = await consoleSignedIn();
    view.network.refuse.set("projects.list", 403);
    session.revoke();
    await act(() => view.queryClient.invalidateQueries());
    expect(await screen.findByText(AUTH.authFailed)).toBeTruthy();
    await screen.findByRole("button", { name: AUTH.signIn });
  });

  test("every 5 minutes the session is checked; a dead one reads 'Session expired...'", async () => {
    // Watch the session's timer being set (and keep every timer working: waitFor needs them).
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const original = globalThis.setInterval;
    const spy = spyOn(globalThis, "setInterval").mockImplementation(((fn: () => void, ms: number) => {
      timers.push({ fn, ms });
      return original(fn, ms);
    }) as typeof setInterval);
    try {
      const { session } = await consoleSignedIn();
      const check = timers.find((t) => t.ms === SESSION_CHECK_MS);
      expect(check).toBeDefined();
      session.revoke();
      act(() => check!.fn());
      expect(await screen.findByText(AUTH.sessionExpired)).toBeTruthy();
      await screen.findByRole("button", { name: AUTH.signIn });
    } finally {
      spy.mockRestore();
    }
  });

  test("an unreachable server reads 'Unable to connect to server. Please try again.' and the guard offers a retry", async () => {
    const { view } = await consoleSignedIn();
    view.network.down = true;
    await act(() => view.queryClient.invalidateQueries());
    expect(await screen.findByText(AUTH.unreachableSession, {}, { timeout: 12_000 })).toBeTruthy();
    expect(screen.getByText(SHELL.connectionError)).toBeTruthy();
    expect(screen.getByRole("button", { name: SHELL.retryConnection })).toBeTruthy();
  }, 25_000);

  test("one unanswered call is a blip: the server is asked again and the screen stays", async () => {
    const { view } = await consoleSignedIn();
    view.network.down = true;
    void view.queryClient.invalidateQueries();
    // The blip has been seen once a query has failed for want of an answer.
    await waitFor(
      () =>
        expect(
          view.queryClient
            .getQueryCache()
            .getAll()
            .some((q) => q.state.status === "error"),
        ).toBe(true),
      { timeout: 5000 },
    );
    view.network.down = false;
    // Through the whole re-check window the console stays, with no "unable to connect".
    const until = Date.now() + RECHECK_WITHIN_MS + 1500;
    while (Date.now() < until) {
      expect(screen.queryByText(SHELL.connectionError)).toBeNull();
      expect(screen.queryByText(AUTH.unreachableSession)).toBeNull();
      await Bun.sleep(100);
    }
    expect(screen.getByText(SHELL.comingSoon)).toBeTruthy();
  }, 25_000);

  test("recheck asks until an answer comes, and gives up after its window", async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls < 3) throw noAnswer();
      return user;
    };
    expect(await recheck(flaky, { withinMs: 1000, everyMs: 20 })).toEqual({ user });
    expect(calls).toBe(3);
    const started = Date.now();
    const down = await recheck(() => Promise.reject(noAnswer()), { withinMs: 200, everyMs: 50 });
    expect(classifyFailure((down as { error: unknown }).error)).toBe("unreachable");
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    // A refusal is an answer: it is not asked again.
    calls = 0;
    await recheck(async () => {
      calls++;
      throw answered(500);
    });
    expect(calls).toBe(1);
  });
});

describe("notices", () => {
  test("close by themselves after 5000 ms unless given a duration", async () => {
    renderConsole(browserSession(testDeps()), "/login");
    notify({ type: "success", title: "Saved" });
    notify({ type: "info", title: "Quick one", duration: 300 });
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(await screen.findByText("Quick one")).toBeTruthy();
    expect(toaster.getVisibleToasts().find((t) => t.title === "Saved")?.duration).toBe(5000);
    await waitFor(() => expect(screen.queryByText("Quick one") === null).toBe(true), { timeout: 3000 });
    expect(screen.getByText("Saved")).toBeTruthy();
  });

  test("each notice has a Close button that closes it", async () => {
    renderConsole(browserSession(testDeps()), "/login");
    notify({ type: "error", title: "Failed to start stream", message: "Boom" });
    const toast = (await screen.findByText("Failed to start stream")).closest(
      "[data-part=root]",
    ) as HTMLElement;
    expect(toast.textContent).toContain("Boom");
    fireEvent.click(toast.querySelector(`button[aria-label="${SHELL.close}"]`)!);
    await waitFor(() => expect(screen.queryByText("Failed to start stream") === null).toBe(true), {
      timeout: 3000,
    });
  });
});

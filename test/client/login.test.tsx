import { describe, expect, test } from "bun:test";
import { signInErrorMessage } from "@client/app/session-rules";
import { returnPath } from "@client/pages/login/LoginPage";
import { AUTH } from "@shared/messages/auth";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { TRPCClientError } from "@trpc/client";
import { makeOrg, makeUser, TEST_PASSWORD, testDeps } from "../support/server";
import { browserSession, renderConsole, setupConsoleTests } from "./shell-harness";

setupConsoleTests();

async function setup(opts: { isActive?: boolean } = {}) {
  const deps = testDeps();
  const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id, isActive: opts.isActive });
  return { user, session: browserSession(deps) };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(AUTH.emailLabel), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(AUTH.passwordLabel), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: AUTH.signIn }));
}

const location = () => screen.getByTestId("location").textContent;

describe("sign-in page", () => {
  test("has Email and Password fields and a 'Sign in' button", async () => {
    const { session } = await setup();
    renderConsole(session, "/login");
    const email = (await screen.findByLabelText(AUTH.emailLabel)) as HTMLInputElement;
    const password = screen.getByLabelText(AUTH.passwordLabel) as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(password.type).toBe("password");
    expect(screen.getByRole("button", { name: AUTH.signIn })).toBeTruthy();
  });

  test("a wrong password shows the server's error text and the form can be used again", async () => {
    const { session, user } = await setup();
    renderConsole(session, "/login");
    await screen.findByLabelText(AUTH.emailLabel);
    fillAndSubmit(user.email, "wrong-password");
    expect(await screen.findByText(AUTH.invalidCredentials, {}, { timeout: 5000 })).toBeTruthy();
    const button = screen.getByRole("button", { name: AUTH.signIn }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(location()).toBe("/login");
  });

  test("an inactive account is refused with the same text", async () => {
    const { session, user } = await setup({ isActive: false });
    renderConsole(session, "/login");
    await screen.findByLabelText(AUTH.emailLabel);
    fillAndSubmit(user.email, TEST_PASSWORD);
    expect(await screen.findByText(AUTH.invalidCredentials, {}, { timeout: 5000 })).toBeTruthy();
  });

  test("while the request runs the button reads 'Signing in...' and is disabled", async () => {
    const { session, user } = await setup();
    renderConsole(session, "/login", { hold: ["auth.login"] });
    await screen.findByLabelText(AUTH.emailLabel);
    fillAndSubmit(user.email, TEST_PASSWORD);
    const busy = (await screen.findByRole("button", { name: AUTH.signingIn })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: AUTH.signIn }) === null).toBe(true);
  });

  test("an unreachable server reads 'Unable to connect to server. Please try again later.'", async () => {
    const { session, user } = await setup();
    renderConsole(session, "/login", { down: true });
    await screen.findByLabelText(AUTH.emailLabel);
    fillAndSubmit(user.email, TEST_PASSWORD);
    expect(await screen.findByText(AUTH.unreachableLogin)).toBeTruthy();
  });

  test("success without a remembered page goes to / (and so to /projects)", async () => {
    const { session, user } = await setup();
    renderConsole(session, "/login");
    await screen.findByLabelText(AUTH.emailLabel);
    fillAndSubmit(user.email, TEST_PASSWORD);
    await waitFor(() => expect(location()).toBe("/projects"), { timeout: 5000 });
  });

  test("already signed in: /login sends the user on", async () => {
    const { session, user } = await setup();
    await session.signInAs(user.email);
    renderConsole(session, "/login");
    await waitFor(() => expect(location()).toBe("/projects"), { timeout: 5000 });
  });
});

describe("sign-in messages and return path", () => {
  const answered = (message: string, httpStatus: number) =>
    TRPCClientError.from({ error: { message, code: -32000, data: { code: "X", httpStatus } } });

  test("the server's text when it sent one, else 'Login failed'", () => {
    expect(
      signInErrorMessage(answered("Too many failed sign-in attempts. Please try again later.", 429)),
    ).toBe(AUTH.tooManyAttempts);
    expect(signInErrorMessage(answered("", 500))).toBe(AUTH.loginFailed);
    expect(signInErrorMessage(new Error("odd"))).toBe(AUTH.loginFailed);
  });

  test("no answer at all (down, timed out) is the unreachable text", () => {
    expect(signInErrorMessage(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe(
      AUTH.unreachableLogin,
    );
    const timeout = new DOMException("The operation timed out.", "TimeoutError");
    expect(signInErrorMessage(TRPCClientError.from(timeout))).toBe(AUTH.unreachableLogin);
  });

  test("returns to the remembered page with its query, never back to /login", () => {
    expect(returnPath({ from: { pathname: "/streaming", search: "?a=1", hash: "#x" } })).toBe(
      "/streaming?a=1#x",
    );
    expect(returnPath({ from: { pathname: "/login" } })).toBe("/");
    expect(returnPath(null)).toBe("/");
    expect(returnPath(undefined)).toBe("/");
  });
});

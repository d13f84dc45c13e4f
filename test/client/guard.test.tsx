import { describe, expect, spyOn, test } from "bun:test";
import { SHELL } from "@client/messages/shell";
import { AUTH } from "@shared/messages/auth";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { makeOrg, makeProject, makeUser, testDeps } from "../support/server";
import { browserSession, renderConsole, setupConsoleTests } from "./shell-harness";

setupConsoleTests();

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Acme Games");
  const user = await makeUser(deps, { orgId: org.id, name: "Dana Developer" });
  return { deps, user, session: browserSession(deps) };
}

const location = () => screen.getByTestId("location").textContent;

describe("protected-route guard", () => {
  test("shows 'Verifying authentication...' while the session is being determined", async () => {
    const { session } = await setup();
    renderConsole(session, "/submissions", { hold: ["auth.me"] });
    expect(screen.getByText(SHELL.verifying)).toBeTruthy();
    await Bun.sleep(150);
    expect(screen.getByText(SHELL.verifying)).toBeTruthy();
    expect(screen.queryByText(SHELL.comingSoon) === null).toBe(true);
    expect(screen.getByTestId("location").textContent).toBe("/submissions");
  });

  test("an unreachable server shows 'Server Connection Error' and 'Retry Connection' reloads", async () => {
    const { session } = await setup();
    renderConsole(session, "/submissions", { down: true });
    await screen.findByText(SHELL.connectionError);
    // In the console's own look: its mark and name, as on the sign-in page.
    expect(screen.getByTestId("product-mark").textContent).toContain(SHELL.productTitle);
    const reload = spyOn(window.location, "reload").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: SHELL.retryConnection }));
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockRestore();
  });

  test("signed out: a protected page sends to /login, and signing in comes back to it", async () => {
    const { session, user } = await setup();
    renderConsole(session, "/marketing");
    await screen.findByRole("button", { name: AUTH.signIn });
    expect(location()).toBe("/login");
    fireEvent.change(screen.getByLabelText(AUTH.emailLabel), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText(AUTH.passwordLabel), { target: { value: "password123" } });
    fireEvent.click(screen.getByRole("button", { name: AUTH.signIn }));
    // Signing in hashes the password twice here (sign-in and the harness's own session) and loads a lazy screen.
    await screen.findByText(SHELL.comingSoon, {}, { timeout: 5000 });
    expect(location()).toBe("/marketing");
  });

  test("signed in: the protected page renders inside the shell", async () => {
    const { session, user } = await setup();
    await session.signInAs(user.email);
    renderConsole(session, "/submissions");
    await screen.findByText(SHELL.comingSoon, {}, { timeout: 5000 });
    expect(screen.getAllByText(SHELL.productTitle).length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: SHELL.userMenu }).textContent).toContain("Dana Developer");
    expect(screen.queryByText(SHELL.verifying) === null).toBe(true);
  });
});

describe("redirects of the route table", () => {
  test("/ goes to /projects without a remembered project, to /projects/{id} with one", async () => {
    const { deps, session, user } = await setup();
    const project = await makeProject(deps, { orgId: user.orgId!, name: "Moon Lander" });
    await session.signInAs(user.email);
    const first = renderConsole(session, "/");
    await waitFor(() => expect(location()).toBe("/projects"));
    first.unmount();
    localStorage.setItem("currentProjectId", String(project.id));
    renderConsole(session, "/");
    await waitFor(() => expect(location()).toBe(`/projects/${project.id}`));
  });

  test("/analytics/{id} goes to the project's analytics, /analytics to /projects", async () => {
    const { session, user } = await setup();
    await session.signInAs(user.email);
    const first = renderConsole(session, "/analytics/7");
    await waitFor(() => expect(location()).toBe("/projects/7/analytics"));
    first.unmount();
    renderConsole(session, "/analytics");
    await waitFor(() => expect(location()).toBe("/projects"));
  });
});

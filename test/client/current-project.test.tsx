import { describe, expect, test } from "bun:test";
import { PROJECTS_UI as PROJECTS } from "@client/messages/projects-ui";
import { SHELL } from "@client/messages/shell";
import { screen, waitFor, within } from "@testing-library/react";
import { makeOrg, makeProject, makeUser, testDeps } from "../support/server";
import { browserSession, renderConsole, setupConsoleTests } from "./shell-harness";

// Only a project the user can read becomes the current project; a stale remembered id is dropped.

setupConsoleTests();

async function world() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const otherOrg = await makeOrg(deps, "Elsewhere");
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const mine = await makeProject(deps, { orgId: org.id, name: "Moon Lander" });
  const theirs = await makeProject(deps, { orgId: otherOrg.id, name: "Secret Game" });
  const session = browserSession(deps);
  await session.signInAs(user.email);
  return { deps, mine, theirs, session };
}

const sidebar = () => within(screen.getByRole("complementary"));
const stored = () => localStorage.getItem("currentProjectId");
const location = () => screen.getByTestId("location").textContent;

describe("the current project", () => {
  test("another organization's or a missing project never becomes current", async () => {
    const { mine, theirs, session } = await world();
    localStorage.setItem("currentProjectId", String(mine.id));
    for (const id of [theirs.id, 9999]) {
      const view = renderConsole(session, `/projects/${id}`);
      await screen.findByText(PROJECTS.notFound, {}, { timeout: 5000 });
      // The sidebar keeps the readable project; nothing links to the unreadable one.
      await waitFor(() => expect(sidebar().getByText("Moon Lander")).toBeTruthy());
      expect(stored()).toBe(String(mine.id));
      const links = [...document.querySelectorAll("aside a")].map((a) => a.getAttribute("href"));
      expect(links.some((href) => href?.includes(`/projects/${id}`))).toBe(false);
      expect(screen.queryByText(`#${id}`)).toBeNull();
      view.unmount();
    }
  });

  test("without a readable current project the sidebar says so, and nothing is stored", async () => {
    const { theirs, session } = await world();
    renderConsole(session, `/projects/${theirs.id}/media`);
    await screen.findByText(PROJECTS.notFound, {}, { timeout: 5000 });
    await waitFor(() => expect(sidebar().getByText(SHELL.noProjectSelected)).toBeTruthy());
    expect(stored()).toBeNull();
    expect(sidebar().queryByText(SHELL.nav.overview)).toBeNull();
    const streaming = sidebar().getByText(SHELL.nav.streaming).closest("a,[aria-disabled]")!;
    expect(streaming.getAttribute("aria-disabled")).toBe("true");
  });

  test("a stale remembered id is dropped, and / then opens the projects list", async () => {
    const { theirs, session } = await world();
    localStorage.setItem("currentProjectId", String(theirs.id));
    renderConsole(session, "/");
    await waitFor(() => expect(location()).toBe("/projects"), { timeout: 5000 });
    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.queryByText(PROJECTS.notFound)).toBeNull();
  });

  test("a readable project still becomes current, and / opens it", async () => {
    const { mine, session } = await world();
    const view = renderConsole(session, `/projects/${mine.id}/media`);
    await waitFor(() => expect(stored()).toBe(String(mine.id)), { timeout: 5000 });
    view.unmount();
    renderConsole(session, "/");
    await waitFor(() => expect(location()).toBe(`/projects/${mine.id}`), { timeout: 5000 });
  });
});

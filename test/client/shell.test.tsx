import { describe, expect, test } from "bun:test";
import { adminNav, generalNav, projectNav } from "@client/components/shell/nav-rules";
import { SHELL } from "@client/messages/shell";
import { initials } from "@shared/format";
import { AUTH } from "@shared/messages/auth";
import type { Role } from "@shared/roles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { makeOrg, makeProject, makeUser, testDeps } from "../support/server";
import { browserSession, renderConsole, setupConsoleTests } from "./shell-harness";

setupConsoleTests();

async function signedIn(role: Role, opts: { projects?: string[]; name?: string } = {}) {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role, name: opts.name ?? "Robin Quinn Ash" });
  const projects = [];
  for (const name of opts.projects ?? []) projects.push(await makeProject(deps, { orgId: org.id, name }));
  const session = browserSession(deps);
  await session.signInAs(user.email);
  return { deps, org, user, projects, session };
}

/** The sidebar (desktop) holds the first copy of every entry; the mobile drawer is not open. */
const sidebar = () => within(screen.getByRole("complementary"));
const entry = (label: string) => sidebar().getByText(label).closest("a,[aria-disabled]") as HTMLElement;
const location = () => screen.getByTestId("location").textContent;

async function shellAt(session: ReturnType<typeof browserSession>, path = "/submissions") {
  const view = renderConsole(session, path);
  await screen.findByText(SHELL.comingSoon, {}, { timeout: 5000 });
  return view;
}

describe("sidebar navigation", () => {
  test("without a project: no project section, Streaming disabled with its hint and tag", async () => {
    const { session } = await signedIn("developer");
    await shellAt(session);
    expect(sidebar().queryByText(SHELL.nav.overview) === null).toBe(true);
    const streaming = entry(SHELL.nav.streaming);
    expect(streaming.tagName).not.toBe("A");
    expect(streaming.getAttribute("aria-disabled")).toBe("true");
    expect(streaming.getAttribute("title")).toBe(SHELL.selectProjectFirst);
    expect(within(streaming).getByText(SHELL.selectProjectTag)).toBeTruthy();
  });

  test("Submissions and Marketing are disabled with the tag 'Soon'", async () => {
    const { session } = await signedIn("developer");
    await shellAt(session);
    for (const label of [SHELL.nav.submissions, SHELL.nav.marketing]) {
      const item = entry(label);
      expect(item.getAttribute("aria-disabled")).toBe("true");
      expect(within(item).getByText(SHELL.soonTag)).toBeTruthy();
    }
  });

  test("with a project: Overview, Analytics, Media Files link to it and Streaming is enabled", async () => {
    const { session, projects } = await signedIn("developer", { projects: ["Moon Lander"] });
    const id = projects[0]!.id;
    localStorage.setItem("currentProjectId", String(id));
    await shellAt(session);
    await waitFor(() => expect(sidebar().getByText("Moon Lander")).toBeTruthy());
    expect(entry(SHELL.nav.overview).getAttribute("href")).toBe(`/projects/${id}`);
    expect(entry(SHELL.nav.analytics).getAttribute("href")).toBe(`/projects/${id}/analytics`);
    expect(entry(SHELL.nav.media).getAttribute("href")).toBe(`/projects/${id}/media`);
    const streaming = entry(SHELL.nav.streaming);
    expect(streaming.tagName).toBe("A");
    expect(streaming.getAttribute("href")).toBe("/streaming");
    expect(within(streaming).queryByText(SHELL.selectProjectTag) === null).toBe(true);
    // The switcher names the current project and its organization.
    const switcher = screen.getAllByRole("button", { name: SHELL.switchProject })[0]!;
    expect(switcher.textContent).toContain("Moon Lander");
    expect(switcher.textContent).toContain("Pixel Forge");
  });

  test("admins see Users and Organizations; others do not", async () => {
    const admin = await signedIn("admin");
    const view = await shellAt(admin.session);
    expect(entry(SHELL.nav.users).getAttribute("href")).toBe("/users");
    expect(entry(SHELL.nav.organizations).getAttribute("href")).toBe("/organizations");
    view.unmount();
    const manager = await signedIn("manager");
    await shellAt(manager.session);
    expect(sidebar().queryByText(SHELL.nav.users) === null).toBe(true);
    expect(sidebar().queryByText(SHELL.nav.organizations) === null).toBe(true);
  });

  test("visiting /projects/{id} makes that project the current one", async () => {
    const { session, projects } = await signedIn("developer", { projects: ["A", "B"] });
    const id = projects[1]!.id;
    renderConsole(session, `/projects/${id}/media`);
    await waitFor(() => expect(localStorage.getItem("currentProjectId")).toBe(String(id)), { timeout: 5000 });
    expect(entry(SHELL.nav.overview).getAttribute("href")).toBe(`/projects/${id}`);
  });

  test("nav rules as data", () => {
    expect(projectNav(null)).toEqual([]);
    expect(projectNav(3).map((e) => e.to)).toEqual([
      "/projects/3",
      "/projects/3/analytics",
      "/projects/3/media",
    ]);
    expect(generalNav(null)[0]).toMatchObject({ disabled: true, tag: SHELL.selectProjectTag });
    expect(generalNav(3)[0]?.disabled).toBeUndefined();
    expect(adminNav(false)).toEqual([]);
    expect(adminNav(true).map((e) => e.to)).toEqual(["/users", "/organizations"]);
  });
});

describe("project switcher", () => {
  test("the modal lists projects with their organization; choosing one opens it", async () => {
    const { session, projects } = await signedIn("developer", { projects: ["Moon Lander", "Star Drifter"] });
    await shellAt(session);
    fireEvent.click(screen.getAllByRole("button", { name: SHELL.switchProject })[0]!);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(within(dialog).getByText(SHELL.selectProjectTitle)).toBeTruthy();
    expect(within(dialog).getAllByText("Pixel Forge")).toHaveLength(2);
    const manage = within(dialog).getByText(SHELL.manageProjects);
    expect(manage.closest("a")?.getAttribute("href")).toBe("/projects");
    fireEvent.click(within(dialog).getByText("Star Drifter"));
    const id = projects[1]!.id;
    await waitFor(() => expect(location()).toBe(`/projects/${id}`));
    expect(localStorage.getItem("currentProjectId")).toBe(String(id));
  });

  test("with no projects the modal reads 'No projects available'", async () => {
    const { session } = await signedIn("developer");
    await shellAt(session);
    fireEvent.click(screen.getAllByRole("button", { name: SHELL.switchProject })[0]!);
    const dialog = await screen.findByRole("dialog", {}, { timeout: 5000 });
    expect(await within(dialog).findByText(SHELL.noProjectsAvailable)).toBeTruthy();
    fireEvent.click(within(dialog).getByText(SHELL.manageProjects));
    await waitFor(() => expect(location()).toBe("/projects"));
  });
});

describe("user menu", () => {
  async function openMenu() {
    const trigger = await waitFor(
      () => {
        const t = sidebar().getByRole("button", { name: SHELL.userMenu }) as HTMLButtonElement;
        if (t.disabled) throw new Error("menu not loaded yet");
        return t;
      },
      { timeout: 5000 },
    );
    fireEvent.click(trigger);
    return screen.findByRole("menu");
  }

  /** A browser sends pointerdown (which highlights the item) before click; the menu selects the highlighted one. */
  async function choose(menu: HTMLElement, label: string) {
    const item = within(menu).getByText(label).closest("[role=menuitem]") as HTMLElement;
    fireEvent.pointerDown(item);
    await waitFor(() => expect(item.hasAttribute("data-highlighted")).toBe(true));
    fireEvent.click(item);
  }

  test("shows the user's initials; admins get System Dashboard, Settings is disabled 'Soon'", async () => {
    const { session } = await signedIn("admin", { name: "Robin Quinn Ash" });
    await shellAt(session);
    expect(sidebar().getByText("RQ")).toBeTruthy();
    const menu = await openMenu();
    const settings = within(menu).getByText(SHELL.nav.settings).closest("[role=menuitem]")!;
    expect(settings.getAttribute("aria-disabled")).toBe("true");
    expect(within(settings as HTMLElement).getByText(SHELL.soonTag)).toBeTruthy();
    await choose(menu, SHELL.nav.systemDashboard);
    await waitFor(() => expect(location()).toBe("/dashboard"));
  });

  test("non-admins have no System Dashboard; Profile opens /profile", async () => {
    const { session } = await signedIn("viewer", { name: "Vic" });
    await shellAt(session);
    expect(sidebar().getByText("V")).toBeTruthy();
    const menu = await openMenu();
    expect(within(menu).queryByText(SHELL.nav.systemDashboard) === null).toBe(true);
    await choose(menu, SHELL.nav.profile);
    await waitFor(() => expect(location()).toBe("/profile"));
  });

  test("Sign Out ends the session and goes to /login; protected pages then send there", async () => {
    const { session } = await signedIn("developer");
    await shellAt(session);
    const menu = await openMenu();
    await choose(menu, SHELL.signOut);
    await screen.findByRole("button", { name: AUTH.signIn }, { timeout: 5000 });
    expect(location()).toBe("/login");
    // The server-side session is gone too: a fresh start is signed out.
    cleanup();
    renderConsole(session, "/submissions");
    await screen.findByRole("button", { name: AUTH.signIn }, { timeout: 5000 });
  });

  test("initials: first letters of up to two words", () => {
    expect(initials("Robin Quinn Ash")).toBe("RQ");
    expect(initials("  ada   lovelace ")).toBe("AL");
    expect(initials("Vic")).toBe("V");
  });
});

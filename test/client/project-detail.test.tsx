import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { SHELL } from "@client/messages/shell";
import ProjectDetailPage from "@client/pages/project-detail/ProjectDetailPage";
import { projects } from "@server/platform/db/schema";
import { PROJECTS } from "@shared/messages/projects";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role: "developer", name: "Dev Dana" });
  const project = await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Starfall" });
  return { deps, org, user, project, caller: await callerFor(deps, user.email) };
}

const route = "/projects/*";

test("header, Settings link, tabs following the path, Project Information and Quick Stats", async () => {
  const { deps, project, caller } = await setup();
  await deps.db
    .update(projects)
    .set({
      description: "Co-op shooter",
      url: "https://starfall.example",
      createdAt: Date.UTC(2026, 4, 9, 12),
    })
    .where(eq(projects.id, project.id));
  renderWithApp(<ProjectDetailPage />, { caller, path: `/projects/${project.id}`, route });

  expect(await screen.findByRole("heading", { name: "Starfall" })).toBeTruthy();
  expect(screen.getByText("Pixel Forge")).toBeTruthy();
  expect(screen.getByRole("link", { name: PROJECTS_UI.settings }).getAttribute("href")).toBe(
    `/projects/${project.id}/settings`,
  );
  const selected = () => screen.getByRole("tab", { selected: true }).textContent;
  expect(selected()).toBe(PROJECTS_UI.tabOverview);

  expect(screen.getByText(PROJECTS_UI.projectInformation)).toBeTruthy();
  expect(screen.getByText("Co-op shooter")).toBeTruthy();
  expect(screen.getByRole("link", { name: /starfall\.example/ }).getAttribute("href")).toBe(
    "https://starfall.example",
  );
  expect(screen.getByText(FORMS_UI.createdBy)).toBeTruthy();
  expect(screen.getByText("Dev Dana")).toBeTruthy();
  expect(screen.getByText("May 9, 2026")).toBeTruthy();
  const stats = screen.getByTestId("quick-stats");
  expect(within(stats).getByText(PROJECTS_UI.quickStats)).toBeTruthy();
  expect(within(stats).getByText(PROJECTS_UI.mediaFiles)).toBeTruthy();
  expect(within(stats).getByText("0")).toBeTruthy();
  expect(within(stats).getByText(PROJECTS_UI.analyticsDisabled)).toBeTruthy();
  expect(within(stats).queryByText(PROJECTS_UI.lastSync)).toBeNull();
  cleanup();

  await deps.db
    .update(projects)
    .set({ steamAnalyticsEnabled: true, steamLastSync: Date.UTC(2026, 5, 1, 12) })
    .where(eq(projects.id, project.id));
  renderWithApp(<ProjectDetailPage />, { caller, path: `/projects/${project.id}/media`, route });
  await screen.findByRole("heading", { name: "Starfall" });
  expect(selected()).toBe(PROJECTS_UI.tabMedia);
  expect(screen.queryByText(PROJECTS_UI.projectInformation)).toBeNull();
  cleanup();

  renderWithApp(<ProjectDetailPage />, { caller, path: `/projects/${project.id}`, route });
  await screen.findByRole("heading", { name: "Starfall" });
  expect(screen.getByText(PROJECTS_UI.analyticsEnabled)).toBeTruthy();
  expect(screen.getByText(PROJECTS_UI.lastSync)).toBeTruthy();
  expect(screen.getByText("Jun 1, 2026")).toBeTruthy();
  cleanup();

  renderWithApp(<ProjectDetailPage />, { caller, path: `/projects/${project.id}/analytics`, route });
  await screen.findByRole("heading", { name: "Starfall" });
  expect(selected()).toBe(PROJECTS_UI.analytics);
}, 30_000);

test("another organization's project reads 'Project Not Found'; the toast carries the server's text", async () => {
  const { deps, caller } = await setup();
  const foreign = await makeProject(deps, { orgId: (await makeOrg(deps, "Rivals")).id, name: "Secret" });
  renderWithApp(<ProjectDetailPage />, { caller, path: `/projects/${foreign.id}`, route });
  expect(await screen.findByText(PROJECTS_UI.notFound)).toBeTruthy();
  expect(screen.queryByText("Secret")).toBeNull();
  expect(screen.getByRole("link", { name: SHELL.selectProjectTitle }).getAttribute("href")).toBe("/projects");
  await waitFor(() =>
    expect(toaster.getVisibleToasts().map((t) => [t.title, t.description])).toContainEqual([
      PROJECTS_UI.loadErrorTitle,
      // The server's error field where present ('Failed to load project details' else).
      PROJECTS.notFound,
    ]),
  );
  cleanup();

  // A malformed id never reaches the server and reads the same.
  renderWithApp(<ProjectDetailPage />, { caller, path: "/projects/abc", route });
  expect(await screen.findByText(PROJECTS_UI.notFound)).toBeTruthy();
}, 30_000);

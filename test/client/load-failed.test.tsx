import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import OrganizationsPage from "@client/pages/organizations/OrganizationsPage";
import ProjectDetailPage from "@client/pages/project-detail/ProjectDetailPage";
import ProjectsPage from "@client/pages/projects/ProjectsPage";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { failing } from "../support/failing-caller";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
}, 30_000);

async function setup(role: "admin" | "manager" = "admin") {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role });
  return { deps, org, caller: await callerFor(deps, user.email) };
}

test("a failed projects list says so with a Retry, never 'create your first project'", async () => {
  const { deps, org, caller } = await setup("manager");
  await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const net = failing(caller, "projects.list");
  renderWithApp(<ProjectsPage />, { caller: net.caller });
  const panel = await screen.findByTestId("load-failed");
  expect(within(panel).getByText(LOAD_FAILED.projects)).toBeTruthy();
  expect(screen.queryByText(PROJECTS_UI.emptyTitle)).toBeNull();
  expect(screen.queryByText(PROJECTS_UI.createFirst)).toBeNull();
  net.heal();
  fireEvent.click(within(panel).getByRole("button", { name: LOAD_FAILED.retry }));
  expect(await screen.findByText("Starfall")).toBeTruthy();
  expect(screen.queryByTestId("load-failed")).toBeNull();
}, 30_000);

test("a failed organizations list says so with a Retry, never 'create the first organization'", async () => {
  const { caller } = await setup();
  const net = failing(caller, "organizations.list");
  renderWithApp(<OrganizationsPage />, { caller: net.caller });
  const panel = await screen.findByTestId("load-failed");
  expect(within(panel).getByText(ORGANIZATIONS.fetchFailed)).toBeTruthy();
  expect(screen.queryByText(ORGANIZATIONS_UI.emptyHint)).toBeNull();
  net.heal();
  fireEvent.click(within(panel).getByRole("button", { name: LOAD_FAILED.retry }));
  expect(await screen.findByText("Pixel Forge")).toBeTruthy();
}, 30_000);

test("a server error on a project is a failed load with a Retry, not 'Project Not Found'", async () => {
  const { deps, org, caller } = await setup();
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const net = failing(caller, "projects.get");
  renderWithApp(<ProjectDetailPage />, {
    caller: net.caller,
    path: `/projects/${project.id}`,
    route: "/projects/*",
  });
  const panel = await screen.findByTestId("load-failed");
  expect(within(panel).getByText(LOAD_FAILED.project)).toBeTruthy();
  expect(screen.queryByText(PROJECTS_UI.notFound)).toBeNull();
  net.heal();
  fireEvent.click(within(panel).getByRole("button", { name: LOAD_FAILED.retry }));
  expect(await screen.findByRole("heading", { name: "Starfall" })).toBeTruthy();
}, 30_000);

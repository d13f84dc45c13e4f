import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import ProjectSettingsPage from "@client/pages/project-settings/ProjectSettingsPage";
import { projects } from "@server/platform/db/schema";
import { ANALYTICS } from "@shared/messages/analytics";
import { PROJECTS } from "@shared/messages/projects";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

const toasts = () => toaster.getVisibleToasts().map((t) => [t.title, t.description]);
const route = "/projects/*";

async function setup(role: "manager" | "viewer" = "manager") {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role, name: "Mia Manager" });
  const project = await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ description: "Co-op", createdAt: Date.UTC(2026, 1, 14, 12) })
    .where(eq(projects.id, project.id));
  const caller = await callerFor(deps, user.email);
  renderWithApp(<ProjectSettingsPage />, { caller, path: `/projects/${project.id}/settings`, route });
  return { deps, project };
}

/** The General Settings form, once the whole screen (the Steam card's own query too) has settled. */
async function form() {
  // One wait for both cards: a gap between two waits would let the Steam card update outside act.
  await waitFor(() => {
    expect(screen.getByRole("form", { name: PROJECTS_UI.generalSettings })).toBeTruthy();
    expect(screen.getByTestId("steam-analytics-card").querySelector("input[type=checkbox]")).toBeTruthy();
  });
  return within(screen.getByRole("form", { name: PROJECTS_UI.generalSettings }));
}

test("header, counters and read-only facts", async () => {
  const { project } = await setup();
  expect(screen.getByTestId("settings-skeleton")).toBeTruthy();
  const f = await form();
  expect(screen.getByRole("heading", { name: "Starfall" })).toBeTruthy();
  expect(screen.getByRole("link", { name: PROJECTS_UI.backToProject }).getAttribute("href")).toBe(
    `/projects/${project.id}`,
  );
  expect(f.getByText("8/100")).toBeTruthy();
  expect(f.getByText("5/500")).toBeTruthy();
  fireEvent.change(f.getByLabelText(PROJECTS_UI.projectDescription), { target: { value: "Co-op shooter" } });
  expect(f.getByText("13/500")).toBeTruthy();
  expect(f.getByLabelText(PROJECTS_UI.projectDescription).getAttribute("rows")).toBe("4");
  const fact = (label: string) => f.getByText(label).parentElement?.textContent;
  expect(fact(FORMS_UI.organization)).toContain("Pixel Forge");
  expect(fact(FORMS_UI.createdBy)).toContain("Mia Manager");
  expect(fact(PROJECTS_UI.createdDate)).toContain("Feb 14, 2026");
  expect(fact(PROJECTS_UI.projectId)).toContain(String(project.id));
}, 30_000);

test("an empty name is refused with 'Validation Error'; a valid one saves", async () => {
  const { deps, project } = await setup();
  const f = await form();
  const name = f.getByLabelText(new RegExp(PROJECTS_UI.nameLabel)) as HTMLInputElement;
  fireEvent.change(name, { target: { value: "   " } });
  fireEvent.click(f.getByRole("button", { name: FORMS_UI.saveChanges }));
  await waitFor(() => expect(toasts()).toContainEqual([PROJECTS_UI.validationError, PROJECTS.nameRequired]));
  expect((await deps.db.select().from(projects).limit(1))[0]?.name).toBe("Starfall");

  fireEvent.change(name, { target: { value: "  Starfall Deluxe " } });
  fireEvent.change(f.getByLabelText(PROJECTS_UI.projectDescription), { target: { value: "Now with bots" } });
  await act(async () => {
    fireEvent.click(f.getByRole("button", { name: FORMS_UI.saveChanges }));
    await Bun.sleep(200);
  });
  await waitFor(() => expect(toasts().map((t) => t[0])).toContain(PROJECTS.settingsUpdated));
  expect(
    (await deps.db.select().from(projects).where(eq(projects.id, project.id)).limit(1))[0],
  ).toMatchObject({
    name: "Starfall Deluxe",
    description: "Now with bots",
  });
  await waitFor(() => expect(name.value).toBe("Starfall Deluxe"));
}, 30_000);

test("a viewer sees both settings cards read-only, with no Save the server would refuse", async () => {
  const { deps } = await setup("viewer");
  const f = await form();
  const name = f.getByLabelText(new RegExp(PROJECTS_UI.nameLabel)) as HTMLInputElement;
  expect(name.readOnly).toBe(true);
  expect((f.getByLabelText(PROJECTS_UI.projectDescription) as HTMLTextAreaElement).readOnly).toBe(true);
  expect(screen.queryByRole("button", { name: FORMS_UI.saveChanges })).toBeNull();
  expect(screen.getByTestId("settings-read-only").textContent).toBe(
    "Your role (Viewer) cannot change the project's settings. Ask an Administrator or Manager.",
  );
  // Submitting anyway (Enter in a field) sends nothing.
  fireEvent.submit(screen.getByRole("form", { name: PROJECTS_UI.generalSettings }));
  await Bun.sleep(50);
  expect(toasts()).toEqual([]);
  expect((await deps.db.select().from(projects).limit(1))[0]?.name).toBe("Starfall");

  const steam = within(screen.getByTestId("steam-analytics-card"));
  expect(steam.queryByRole("button", { name: ANALYTICS.saveChanges })).toBeNull();
  expect(steam.queryByRole("button", { name: new RegExp(ANALYTICS.advancedTesting) })).toBeNull();
  for (const box of screen.getByTestId("steam-analytics-card").querySelectorAll("input[type=checkbox]")) {
    expect((box as HTMLInputElement).disabled).toBe(true);
  }
  expect(screen.getByTestId("analytics-settings-read-only").textContent).toContain("Viewer");
}, 30_000);

test("the server still refuses a viewer's project edit", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const viewer = await makeUser(deps, { orgId: org.id, role: "viewer" });
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const caller = (await callerFor(deps, viewer.email)) as unknown as {
    projects: { update(i: unknown): Promise<unknown> };
  };
  await expect(caller.projects.update({ id: project.id, name: "Hijacked" })).rejects.toThrow(
    PROJECTS.editDenied,
  );
}, 30_000);

test("a missing project reads 'Project Not Found' with Back to Projects", async () => {
  const deps = testDeps();
  const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "manager" });
  renderWithApp(<ProjectSettingsPage />, {
    caller: await callerFor(deps, user.email),
    path: "/projects/999/settings",
    route,
  });
  expect(await screen.findByText(PROJECTS_UI.notFound)).toBeTruthy();
  expect(screen.getByRole("link", { name: PROJECTS_UI.backToProjects }).getAttribute("href")).toBe(
    "/projects",
  );
}, 30_000);

test("each analytics switch's hint sits below its label with room, not pressed against it", async () => {
  await setup();
  await form();
  const hints = screen.getAllByText(/Sample player counts|Real revenue/);
  expect(hints.length).toBeGreaterThanOrEqual(1);
  for (const hint of hints) {
    const label = hint.parentElement!;
    expect(Number.parseFloat(getComputedStyle(label).lineHeight)).toBeGreaterThanOrEqual(1.4);
  }
});

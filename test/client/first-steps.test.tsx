import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { USERS_UI } from "@client/messages/users-ui";
import ProjectsPage from "@client/pages/projects/ProjectsPage";
import UsersPage from "@client/pages/users/UsersPage";
import { projects } from "@server/platform/db/schema";
import { PROJECTS } from "@shared/messages/projects";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser, testDeps } from "../support/server";

// A new studio's first steps: a project created from its store page takes the App ID and offers the
// next step; a user created by an admin lands in the admin's organization.

afterEach(() => {
  cleanup();
  toaster.remove();
});

test("a store URL gives the App ID; after creating, the page offers to open the project", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, { orgId: org.id, role: "manager" });
  renderWithApp(<ProjectsPage />, { caller: await callerFor(deps, user.email) });
  fireEvent.click(await screen.findByRole("button", { name: PROJECTS_UI.newProject }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByPlaceholderText(PROJECTS_UI.namePlaceholder), {
    target: { value: "Starfall" },
  });
  fireEvent.change(within(dialog).getByLabelText(PROJECTS_UI.urlLabel), {
    target: { value: "https://store.steampowered.com/app/123456/Starfall/" },
  });
  expect(within(dialog).getByText(PROJECTS_UI.appIdFromUrl(123456))).toBeTruthy();
  await waitFor(() =>
    expect(
      (within(dialog).getByLabelText(new RegExp(FORMS_UI.organization)) as HTMLSelectElement).options.length,
    ).toBe(2),
  );
  fireEvent.change(within(dialog).getByLabelText(new RegExp(FORMS_UI.organization)), {
    target: { value: String(org.id) },
  });
  await actUntil(
    () => fireEvent.click(within(dialog).getByRole("button", { name: PROJECTS_UI.createSubmit })),
    () => toaster.getVisibleToasts().some((t) => t.title === PROJECTS.created),
    200,
  );
  const row = (await deps.db.select().from(projects).limit(1))[0]!;
  expect(row).toMatchObject({ name: "Starfall", steamAppId: 123456 });
  const next = await screen.findByTestId("project-created-next");
  expect(within(next).getByText(PROJECTS_UI.createdNextTitle("Starfall"))).toBeTruthy();
  expect(within(next).getByRole("link", { name: PROJECTS_UI.openNewProject }).getAttribute("href")).toBe(
    `/projects/${row.id}`,
  );
}, 30_000);

test("Create New User starts in the admin's own organization", async () => {
  const deps = testDeps();
  await makeOrg(deps, "Another Studio");
  const org = await makeOrg(deps, "Pixel Forge");
  const admin = await makeUser(deps, { orgId: org.id, role: "admin" });
  renderWithApp(<UsersPage />, { caller: await callerFor(deps, admin.email) });
  await screen.findByTestId(`user-row-${admin.id}`);
  fireEvent.click(await screen.findByRole("button", { name: USERS_UI.addUser }));
  const dialog = await screen.findByRole("dialog");
  const select = within(dialog).getByLabelText(FORMS_UI.organization) as HTMLSelectElement;
  await waitFor(() => expect(select.options.length).toBe(3));
  expect(select.value).toBe(String(org.id));
}, 30_000);

test("an admin without an organization gets the first one listed, and may still choose none", async () => {
  const deps = testDeps();
  const first = await makeOrg(deps, "Alpha Studio");
  await makeOrg(deps, "Beta Studio");
  const admin = await makeUser(deps, { orgId: null as unknown as number, role: "admin" });
  renderWithApp(<UsersPage />, { caller: await callerFor(deps, admin.email) });
  await screen.findByTestId(`user-row-${admin.id}`);
  fireEvent.click(await screen.findByRole("button", { name: USERS_UI.addUser }));
  const dialog = await screen.findByRole("dialog");
  const select = within(dialog).getByLabelText(FORMS_UI.organization) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe(String(first.id)));
  fireEvent.change(select, { target: { value: "" } });
  await Bun.sleep(50);
  expect(select.value).toBe("");
}, 30_000);

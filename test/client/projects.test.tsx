import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import ProjectsPage from "@client/pages/projects/ProjectsPage";
import { projects } from "@server/platform/db/schema";
import { PROJECTS } from "@shared/messages/projects";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
}, 30_000);

/** Runs an action and stays inside act until `done` holds, so the dialog's async close happens within act. */
async function settle(action: () => void, done: () => boolean) {
  await actUntil(action, done, 100);
}

const toasts = () => toaster.getVisibleToasts().map((t) => ({ title: t.title, description: t.description }));

async function setup(role: "admin" | "manager" | "viewer") {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const other = await makeOrg(deps, "Elsewhere");
  const user = await makeUser(deps, { orgId: org.id, role, name: "Mia Manager" });
  return { deps, org, other, user, caller: await callerFor(deps, user.email) };
}

test("cards show name, organization, description, creator, US date, badges and links", async () => {
  const { deps, org, other, user, caller } = await setup("manager");
  const plain = await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Plain" });
  await deps.db
    .update(projects)
    .set({ createdAt: Date.UTC(2026, 0, 2) })
    .where(eq(projects.id, plain.id));
  const rich = await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Rich" });
  await makeProject(deps, { orgId: other.id, name: "Hidden" });
  await deps.db
    .update(projects)
    .set({
      description: "A roguelike",
      steamAnalyticsEnabled: true,
      steamLastSync: Date.now(),
      createdAt: Date.UTC(2026, 2, 5, 12),
    })
    .where(eq(projects.id, rich.id));
  renderWithApp(<ProjectsPage />, { caller });

  expect(screen.getAllByTestId("project-placeholder")).toHaveLength(4);
  const cards = await screen.findAllByTestId("project-card");
  // Another organization's project never reaches a manager's grid.
  expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Rich", "Plain"]);
  const [richCard, plainCard] = cards as [HTMLElement, HTMLElement];
  expect(within(richCard).getByText("A roguelike")).toBeTruthy();
  expect(within(richCard).getByText("Pixel Forge")).toBeTruthy();
  expect(within(richCard).getByText("Mar 5, 2026")).toBeTruthy();
  expect(within(richCard).getByText(/Mia Manager/)).toBeTruthy();
  expect(within(richCard).getByText(PROJECTS_UI.analytics)).toBeTruthy();
  expect(within(richCard).getByText(PROJECTS_UI.syncedBadge)).toBeTruthy();
  const href = (card: HTMLElement, name: string) =>
    within(card).getByRole("link", { name }).getAttribute("href");
  expect(href(richCard, PROJECTS_UI.openAnalytics)).toBe(`/projects/${rich.id}/analytics`);
  expect(href(richCard, PROJECTS_UI.openSettings)).toBe(`/projects/${rich.id}/settings`);
  expect(href(richCard, PROJECTS_UI.viewProject)).toBe(`/projects/${rich.id}`);

  expect(within(plainCard).getByText(PROJECTS_UI.noDescription)).toBeTruthy();
  expect(within(plainCard).queryByText(PROJECTS_UI.analytics)).toBeNull();
  expect(within(plainCard).queryByText(PROJECTS_UI.syncedBadge)).toBeNull();
  expect(within(plainCard).queryByRole("link", { name: PROJECTS_UI.openAnalytics })).toBeNull();
  expect(href(plainCard, PROJECTS_UI.viewProject)).toBe(`/projects/${plain.id}`);
}, 30_000);

test("empty state for those who may create, and for those who may not", async () => {
  const manager = await setup("manager");
  renderWithApp(<ProjectsPage />, { caller: manager.caller });
  expect(await screen.findByText(PROJECTS_UI.emptyTitle)).toBeTruthy();
  expect(screen.getByText(PROJECTS_UI.emptyCanCreate)).toBeTruthy();
  expect(screen.getByRole("button", { name: PROJECTS_UI.createFirst })).toBeTruthy();
  expect(screen.getByRole("button", { name: PROJECTS_UI.newProject })).toBeTruthy();
  cleanup();

  const viewer = await setup("viewer");
  renderWithApp(<ProjectsPage />, { caller: viewer.caller });
  expect(await screen.findByText(PROJECTS_UI.emptyCannotCreate)).toBeTruthy();
  expect(screen.queryByRole("button", { name: PROJECTS_UI.createFirst })).toBeNull();
  expect(screen.queryByRole("button", { name: PROJECTS_UI.newProject })).toBeNull();
}, 30_000);

test("the create modal validates, creates, puts the project on top and resets", async () => {
  const { deps, org, user, caller } = await setup("manager");
  await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Older" });
  renderWithApp(<ProjectsPage />, { caller });
  await screen.findAllByTestId("project-card");

  fireEvent.click(screen.getByRole("button", { name: PROJECTS_UI.newProject }));
  const dialog = await screen.findByRole("dialog");
  expect(within(dialog).getByText(PROJECTS_UI.createTitle)).toBeTruthy();
  // Organizations are fetched when the modal opens: a manager is offered its own.
  const select = within(dialog).getByRole("combobox") as HTMLSelectElement;
  expect(select.options[0]!.textContent).toBe(PROJECTS_UI.selectOrg);
  await waitFor(() => expect(select.options).toHaveLength(2));
  expect(select.options[1]!.textContent).toBe("Pixel Forge");

  const submit = () =>
    fireEvent.click(within(dialog).getByRole("button", { name: PROJECTS_UI.createSubmit }));
  submit();
  expect(await within(dialog).findByText(PROJECTS.nameRequired)).toBeTruthy();
  expect(within(dialog).getByText(PROJECTS.organizationRequired)).toBeTruthy();

  fireEvent.change(within(dialog).getByPlaceholderText(PROJECTS_UI.namePlaceholder), {
    target: { value: "Nova" },
  });
  fireEvent.change(within(dialog).getByLabelText(PROJECTS_UI.urlLabel), { target: { value: "not a url" } });
  fireEvent.change(select, { target: { value: String(org.id) } });
  submit();
  expect(await within(dialog).findByText(PROJECTS.urlInvalid)).toBeTruthy();
  expect(await deps.db.select().from(projects)).toHaveLength(1);

  fireEvent.change(within(dialog).getByLabelText(PROJECTS_UI.urlLabel), {
    target: { value: "https://nova.example" },
  });
  fireEvent.change(within(dialog).getByPlaceholderText(PROJECTS_UI.descriptionPlaceholder), {
    target: { value: "Space sim" },
  });
  await settle(submit, () => toasts().some((t) => t.title === PROJECTS.created));
  expect(toasts()).toContainEqual({ title: PROJECTS.created, description: PROJECTS.createdMessage });
  await waitFor(() => expect(document.querySelector("[role=dialog]")).toBeNull());
  const cards = await screen.findAllByTestId("project-card");
  expect(within(cards[0]!).getByRole("heading").textContent).toBe("Nova");
  const saved = (await deps.db.select().from(projects).where(eq(projects.name, "Nova")).limit(1))[0];
  expect(saved).toMatchObject({ orgId: org.id, url: "https://nova.example", description: "Space sim" });

  // Opening again shows an empty form.
  fireEvent.click(screen.getByRole("button", { name: PROJECTS_UI.newProject }));
  const again = await screen.findByRole("dialog");
  expect((within(again).getByPlaceholderText(PROJECTS_UI.namePlaceholder) as HTMLInputElement).value).toBe(
    "",
  );
}, 30_000);

test("Cancel forgets the input, an invalid URL and its error included", async () => {
  const { caller } = await setup("manager");
  renderWithApp(<ProjectsPage />, { caller });
  fireEvent.click(await screen.findByRole("button", { name: PROJECTS_UI.newProject }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByPlaceholderText(PROJECTS_UI.namePlaceholder), {
    target: { value: "Half-typed" },
  });
  fireEvent.change(within(dialog).getByLabelText(PROJECTS_UI.urlLabel), { target: { value: "not a url" } });
  fireEvent.click(within(dialog).getByRole("button", { name: PROJECTS_UI.createSubmit }));
  expect(await within(dialog).findByText(PROJECTS.urlInvalid)).toBeTruthy();
  await settle(
    () => fireEvent.click(within(dialog).getByRole("button", { name: FORMS_UI.cancel })),
    () => dialog.getAttribute("data-state") === "closed" || !dialog.isConnected,
  );

  fireEvent.click(screen.getByRole("button", { name: PROJECTS_UI.newProject }));
  const again = await screen.findByRole("dialog");
  await waitFor(() => expect(again.getAttribute("data-state")).toBe("open"));
  expect((within(again).getByPlaceholderText(PROJECTS_UI.namePlaceholder) as HTMLInputElement).value).toBe(
    "",
  );
  expect((within(again).getByLabelText(PROJECTS_UI.urlLabel) as HTMLInputElement).value).toBe("");
  expect(within(again).queryByText(PROJECTS.urlInvalid)).toBeNull();
}, 30_000);

test("a refused create shows 'Failed to create project' with the server's reason", async () => {
  const { deps, other, caller } = await setup("manager");
  renderWithApp(<ProjectsPage />, { caller });
  fireEvent.click(await screen.findByRole("button", { name: PROJECTS_UI.newProject }));
  const dialog = await screen.findByRole("dialog");
  const select = within(dialog).getByRole("combobox") as HTMLSelectElement;
  await waitFor(() => expect(select.options).toHaveLength(2));
  // Another organization's id, as a crafted form would send it.
  const forged = document.createElement("option");
  forged.value = String(other.id);
  select.appendChild(forged);
  fireEvent.change(select, { target: { value: String(other.id) } });
  fireEvent.change(within(dialog).getByPlaceholderText(PROJECTS_UI.namePlaceholder), {
    target: { value: "Sneaky" },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: PROJECTS_UI.createSubmit }));
  await waitFor(() =>
    expect(toasts()).toContainEqual({
      title: PROJECTS.createFailed,
      description: PROJECTS.otherOrganization,
    }),
  );
  expect(await deps.db.select().from(projects)).toHaveLength(0);
}, 30_000);

import { afterAll, beforeAll, expect, test } from "bun:test";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { PROFILE_UI } from "@client/messages/profile-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { SHELL } from "@client/messages/shell";
import { USERS_UI } from "@client/messages/users-ui";
import { AUTH } from "@shared/messages/auth";
import { MEDIA } from "@shared/messages/media";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { PROJECTS } from "@shared/messages/projects";
import { USERS } from "@shared/messages/users";
import type { Page } from "playwright-core";
import { type Console, openBrowser, signInThroughPage, startConsole, visit } from "./harness";

// Projects and people in Chromium against the real server: an admin sets up a studio and its
// people through the admin screens; the manager builds a project; a viewer of the same studio
// sees it but may not create one, in the UI or behind its back.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  app = await startConsole();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const MANAGER = { name: "Mara Manager", email: "mara@nebula.example", password: "mara-pass-1" };
const VIEWER = { name: "Vic Viewer", email: "vic@nebula.example", password: "vic-pass-12" };

async function createUser(page: Page, user: typeof MANAGER, role: string) {
  await page.getByRole("button", { name: USERS_UI.addUser }).click();
  const dialog = page.getByRole("dialog", { name: USERS_UI.createTitle });
  await dialog.getByLabel(FORMS_UI.name).fill(user.name);
  await dialog.getByLabel(FORMS_UI.email).fill(user.email);
  await dialog.getByLabel(FORMS_UI.password).fill(user.password);
  await dialog.getByLabel(FORMS_UI.organization).selectOption({ label: "Nebula Games" });
  await dialog.getByLabel(USERS_UI.role).selectOption(role);
  await dialog.getByRole("button", { name: USERS_UI.create }).click();
  await page.getByText(USERS.created).first().waitFor();
  await page.getByRole("row", { name: user.email }).waitFor();
}

async function signOut(page: Page) {
  await browser.context.clearCookies();
  await visit(page, `${app.url}/login`);
}

test("admin sets up a studio; its manager builds a project; its viewer only looks", async () => {
  const { page, context } = browser;

  // Admin: an organization, then a manager and a viewer in it, all through the admin screens.
  await signInThroughPage(page, app.url);
  await visit(page, `${app.url}/organizations`);
  await page.getByRole("button", { name: ORGANIZATIONS_UI.addOrganization }).click();
  const orgForm = page.getByRole("form", { name: ORGANIZATIONS_UI.createTitle });
  await orgForm.getByPlaceholder(ORGANIZATIONS_UI.namePlaceholder).fill("Nebula Games");
  await orgForm.getByRole("button", { name: ORGANIZATIONS_UI.createTitle }).click();
  await page.getByText(ORGANIZATIONS.created).first().waitFor();
  await page.getByRole("row", { name: "Nebula Games" }).getByText("nebula-games").waitFor();

  await visit(page, `${app.url}/users`);
  await createUser(page, MANAGER, "manager");
  await createUser(page, VIEWER, "viewer");
  await signOut(page);

  // Manager: creates a project in its own studio, edits its settings, renames itself.
  await signInThroughPage(page, app.url, MANAGER.email, MANAGER.password);
  await visit(page, `${app.url}/projects`);
  await page.getByText(PROJECTS_UI.emptyCanCreate).waitFor();
  await page.getByRole("button", { name: PROJECTS_UI.newProject }).click();
  const create = page.getByRole("dialog", { name: PROJECTS_UI.createTitle });
  await create.getByPlaceholder(PROJECTS_UI.namePlaceholder).fill("Nebula Rising");
  await create.getByPlaceholder(PROJECTS_UI.descriptionPlaceholder).fill("A space colony sim");
  await create.getByLabel(FORMS_UI.organization).selectOption({ label: "Nebula Games" });
  await create.getByRole("button", { name: PROJECTS_UI.createSubmit }).click();
  await page.getByText(PROJECTS.createdMessage).waitFor();
  const card = page.getByTestId("project-card").filter({ hasText: "Nebula Rising" });
  await card.getByText(MANAGER.name).waitFor();

  await card.getByRole("link", { name: PROJECTS_UI.openSettings }).click();
  await page.waitForURL(/\/projects\/\d+\/settings$/);
  const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())![1]);
  const general = page.getByRole("form", { name: PROJECTS_UI.generalSettings });
  await general.getByLabel(PROJECTS_UI.nameLabel).fill("Nebula Rising Deluxe");
  await general.getByLabel(PROJECTS_UI.projectDescription).fill("Now with trade routes");
  await general.getByText("21/500").waitFor();
  await general.getByRole("button", { name: FORMS_UI.saveChanges }).click();
  await page.getByText(PROJECTS.settingsUpdated).first().waitFor();
  await page.getByRole("heading", { name: "Nebula Rising Deluxe" }).waitFor();
  // Back to the project: the tabs are links, and the selected one follows the path.
  await page.getByRole("link", { name: PROJECTS_UI.backToProject }).click();
  await page.getByText(PROJECTS_UI.projectInformation).waitFor();
  await page.getByRole("tab", { name: PROJECTS_UI.tabMedia }).click();
  await page.waitForURL(`${app.url}/projects/${projectId}/media`);
  // React commits the new selection just after the URL changes: wait for it rather than read once.
  await page.getByRole("tab", { name: PROJECTS_UI.tabMedia, selected: true }).waitFor({ timeout: 5000 });
  await page.getByText(MEDIA.tabEmptyTitle).waitFor();

  await visit(page, `${app.url}/profile`);
  await page.getByRole("button", { name: PROFILE_UI.changeName }).click();
  const nameForm = page.getByRole("form", { name: PROFILE_UI.changeName });
  await nameForm.getByLabel(PROFILE_UI.newName).fill("  Mara Lead  ");
  await nameForm.getByRole("button", { name: FORMS_UI.save }).click();
  await page.getByText(AUTH.nameChanged).first().waitFor();
  await page
    .getByTestId("profile-name")
    .filter({ hasText: /^Mara Lead$/ })
    .waitFor();
  // The session user changed too: the shell's account menu shows the new name at once, and a reload
  // reads the stored one.
  await page.getByLabel(SHELL.userMenu).filter({ hasText: "Mara Lead" }).waitFor();
  await page.reload();
  await page
    .getByTestId("profile-name")
    .filter({ hasText: /^Mara Lead$/ })
    .waitFor();
  await signOut(page);

  // Viewer: sees the studio's project, no New Project button, and the API refuses a create.
  await signInThroughPage(page, app.url, VIEWER.email, VIEWER.password);
  await visit(page, `${app.url}/projects`);
  await page.getByTestId("project-card").filter({ hasText: "Nebula Rising Deluxe" }).waitFor();
  expect(await page.getByRole("button", { name: PROJECTS_UI.newProject }).count()).toBe(0);

  const cookie = (await context.cookies(app.url)).map((c) => `${c.name}=${c.value}`).join("; ");
  // Its own organization, so the role alone is what refuses it.
  const me = (await (await fetch(`${app.url}/api/auth/me`, { headers: { cookie } })).json()) as {
    org_id: number;
  };
  const refused = await fetch(`${app.url}/api/projects`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ name: "Sneaky", description: "", url: "", org_id: String(me.org_id) }),
  });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({ error: PROJECTS.createDenied });
  const listed = (await (await fetch(`${app.url}/api/projects`, { headers: { cookie } })).json()) as {
    id: number;
    name: string;
  }[];
  expect(listed.map((p) => [p.id, p.name])).toEqual([[projectId, "Nebula Rising Deluxe"]]);
}, 120_000);

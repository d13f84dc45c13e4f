import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import OrganizationsPage from "@client/pages/organizations/OrganizationsPage";
import { organizations } from "@server/platform/db/schema";
import { ORGANIZATIONS, organizationNotEmpty } from "@shared/messages/organizations";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

const toasts = () => toaster.getVisibleToasts().map((t) => [t.title, t.description]);
const toastTitles = () => toasts().map((t) => t[0]);
const toasted = (title: string) => () => toastTitles().includes(title);

/** Clicks, then stays inside act until `done` holds, so async closes happen within act. */
async function press(scope: ReturnType<typeof within>, name: string, done: () => boolean = () => true) {
  await actUntil(() => fireEvent.click(scope.getByRole("button", { name })), done, 100);
}

async function setup() {
  const deps = testDeps();
  const home = await makeOrg(deps, "Pixel Forge");
  const admin = await makeUser(deps, { orgId: home.id, role: "admin" });
  renderWithApp(<OrganizationsPage />, { caller: await callerFor(deps, admin.email) });
  await screen.findByRole("table");
  const page = within(document.body);
  const byName = async (name: string) =>
    (await deps.db.select().from(organizations).where(eq(organizations.name, name)).limit(1))[0];
  return { deps, home, page, byName };
}

const rowOf = (name: string) => within(screen.getByRole("row", { name }));

test("non-admins see 'Access Denied'", async () => {
  const deps = testDeps();
  const viewer = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "viewer" });
  renderWithApp(<OrganizationsPage />, { caller: await callerFor(deps, viewer.email) });
  expect(await screen.findByText(FORMS_UI.accessDenied)).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
}, 30_000);

test("the table shows name with slug, counts, status and created; search has its own empty state", async () => {
  const { deps, home } = await setup();
  await makeProject(deps, { orgId: home.id });
  await act(async () => {
    await Bun.sleep(10);
  });
  const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
  expect(headers).toEqual([
    FORMS_UI.name,
    ORGANIZATIONS_UI.colUsers,
    FORMS_UI.projects,
    FORMS_UI.status,
    FORMS_UI.created,
    FORMS_UI.actions,
  ]);
  const row = rowOf("Pixel Forge");
  expect(row.getByText(home.slug)).toBeTruthy();
  expect(row.getByText(FORMS_UI.active)).toBeTruthy();
  expect(row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/)).toBeTruthy();

  fireEvent.change(screen.getByLabelText(ORGANIZATIONS_UI.searchLabel), { target: { value: "zzz-none" } });
  expect(await screen.findByText(ORGANIZATIONS_UI.emptySearch, {}, { timeout: 3000 })).toBeTruthy();
  expect(screen.getByText(ORGANIZATIONS_UI.empty)).toBeTruthy();
}, 30_000);

test("the inline form: name required, create, edit, details, and a refused then confirmed delete", async () => {
  const { deps, home, page, byName } = await setup();
  fireEvent.click(screen.getByRole("button", { name: ORGANIZATIONS_UI.addOrganization }));
  let form = within(await screen.findByRole("form", { name: ORGANIZATIONS_UI.createTitle }));
  await press(form, ORGANIZATIONS_UI.createTitle);
  expect(form.getByText(ORGANIZATIONS.nameRequired)).toBeTruthy();
  fireEvent.change(form.getByPlaceholderText(ORGANIZATIONS_UI.namePlaceholder), { target: { value: "   " } });
  await press(form, ORGANIZATIONS_UI.createTitle);
  expect(form.getByText(ORGANIZATIONS.nameRequired)).toBeTruthy();

  fireEvent.change(form.getByPlaceholderText(ORGANIZATIONS_UI.namePlaceholder), {
    target: { value: "Moon Studio" },
  });
  await press(form, ORGANIZATIONS_UI.createTitle, toasted(ORGANIZATIONS.created));
  expect(await byName("Moon Studio")).toMatchObject({ slug: "moon-studio", isActive: true });
  await screen.findByRole("row", { name: "Moon Studio" });
  expect(screen.queryByRole("form", { name: ORGANIZATIONS_UI.createTitle })).toBeNull();

  await press(rowOf("Moon Studio"), ORGANIZATIONS_UI.edit);
  form = within(await screen.findByRole("form", { name: ORGANIZATIONS_UI.editTitle }));
  expect((form.getByPlaceholderText(ORGANIZATIONS_UI.namePlaceholder) as HTMLInputElement).value).toBe(
    "Moon Studio",
  );
  // The form says the slug is kept; after the rename it is still the same.
  expect(form.getByTestId("slug-note").textContent).toContain("moon-studio");
  expect(form.getByTestId("slug-note").textContent).toContain(ORGANIZATIONS_UI.slugStays);
  fireEvent.change(form.getByPlaceholderText(ORGANIZATIONS_UI.namePlaceholder), { target: { value: "" } });
  await press(form, FORMS_UI.saveChanges);
  expect(form.getByText(ORGANIZATIONS.nameRequired)).toBeTruthy();
  fireEvent.change(form.getByPlaceholderText(ORGANIZATIONS_UI.namePlaceholder), {
    target: { value: "Moon Works" },
  });
  // zag reports the checkbox change after the click event: let it land inside act.
  await act(async () => {
    fireEvent.click(form.getByRole("checkbox"));
    await Bun.sleep(100);
  });
  await press(form, FORMS_UI.saveChanges, toasted(ORGANIZATIONS.updated));
  expect(await byName("Moon Works")).toMatchObject({ isActive: false, slug: "moon-studio" });
  await waitFor(() => expect(rowOf("Moon Works").getByText(FORMS_UI.inactive)).toBeTruthy());

  await press(rowOf("Moon Works"), ORGANIZATIONS_UI.view);
  const details = within(await screen.findByRole("dialog"));
  expect(details.getByText(ORGANIZATIONS_UI.detailsTitle)).toBeTruthy();
  expect(details.getByText((await byName("Moon Works"))!.slug)).toBeTruthy();
  await press(
    within(details.getAllByRole("button", { name: FORMS_UI.close })[0]!.parentElement!),
    FORMS_UI.close,
    () => document.querySelector("[role=dialog]") === null,
  );

  // An organization that still holds a user is kept, and the admin is told why.
  await press(rowOf("Pixel Forge"), ORGANIZATIONS_UI.delete);
  let confirm = within(await screen.findByRole("alertdialog"));
  expect(confirm.getByText(ORGANIZATIONS.confirmDelete)).toBeTruthy();
  await press(confirm, FORMS_UI.delete, toasted(ORGANIZATIONS.deleteFailed));
  expect(toasts()).toContainEqual([ORGANIZATIONS.deleteFailed, organizationNotEmpty(1, 0)]);
  expect(
    (await deps.db.select().from(organizations).where(eq(organizations.id, home.id)).limit(1))[0],
  ).toBeTruthy();
  await press(confirm, FORMS_UI.cancel, () => document.querySelector("[role=alertdialog]") === null);

  await press(rowOf("Moon Works"), ORGANIZATIONS_UI.delete);
  confirm = within(await screen.findByRole("alertdialog"));
  await press(confirm, FORMS_UI.delete, toasted(ORGANIZATIONS.deleted));
  expect(await byName("Moon Works")).toBeUndefined();
  await waitFor(() => expect(page.queryAllByText("Moon Works")).toHaveLength(0));
}, 60_000);

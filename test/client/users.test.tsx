import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import UsersPage from "@client/pages/users/UsersPage";
import { verifyPassword } from "@server/features/auth/password";
import { users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { emailChangedFor, passwordResetFor, USERS } from "@shared/messages/users";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

const toasts = () => toaster.getVisibleToasts().map((t) => [t.title, t.description]);
const toastTitles = () => toasts().map((t) => t[0]);

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const admin = await makeUser(deps, {
    orgId: org.id,
    role: "admin",
    name: "Ada Admin",
    email: "ada@example.com",
  });
  const dev = await makeUser(deps, {
    orgId: org.id,
    role: "developer",
    name: "Dev Dana",
    email: "dana@example.com",
  });
  renderWithApp(<UsersPage />, { caller: await callerFor(deps, admin.email) });
  await screen.findByTestId(`user-row-${dev.id}`);
  const row = async (id: number) => (await deps.db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  return { deps, org, admin, dev, row };
}

// A boolean, not the element: a failed expectation then prints one word instead of a DOM dump.
const hasRow = (id: number) => document.querySelector(`[data-testid=user-row-${id}]`) !== null;

/** Clicks a row action and returns the dialog it opens. */
async function rowAction(userId: number, label: string, role: "dialog" | "alertdialog" = "dialog") {
  fireEvent.click(within(screen.getByTestId(`user-row-${userId}`)).getByRole("button", { name: label }));
  return within(await screen.findByRole(role));
}

const type = (scope: ReturnType<typeof within>, label: string | RegExp, value: string) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

/**
 * Clicks, then stays inside act until `done` holds (the server answered and the dialog closed), so
 * zag's close, which runs after the mutation settles, happens within act.
 */
async function press(scope: ReturnType<typeof within>, name: string, done: () => boolean = () => true) {
  await actUntil(() => fireEvent.click(scope.getByRole("button", { name })), done, 100);
}

const toasted = (title: string) => () => toastTitles().includes(title);

test("non-admins see 'Access Denied' and no users", async () => {
  const deps = testDeps();
  const manager = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "manager" });
  renderWithApp(<UsersPage />, { caller: await callerFor(deps, manager.email) });
  expect(await screen.findByText(FORMS_UI.accessDenied)).toBeTruthy();
  expect(screen.getByText(FORMS_UI.accessDeniedHint)).toBeTruthy();
  expect(screen.queryByRole("table")).toBeNull();
}, 30_000);

test("table columns, 'Never', no delete on one's own row, search, role filter and the empty state", async () => {
  const { deps, org, admin, dev } = await setup();
  await makeProject(deps, { orgId: org.id, createdBy: dev.id, name: "Starfall" });
  await act(() => Bun.sleep(50));
  const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
  expect(headers).toEqual([
    USERS_UI.colUser,
    USERS_UI.colRole,
    FORMS_UI.status,
    USERS_UI.colLastLogin,
    FORMS_UI.projects,
    FORMS_UI.actions,
  ]);
  const devRow = within(screen.getByTestId(`user-row-${dev.id}`));
  expect(devRow.getByText(USERS.never)).toBeTruthy();
  expect(devRow.getByText("Developer")).toBeTruthy();
  expect(devRow.getByText(FORMS_UI.active)).toBeTruthy();
  expect(devRow.getByRole("button", { name: USERS_UI.deleteUser })).toBeTruthy();
  const adminRow = within(screen.getByTestId(`user-row-${admin.id}`));
  expect(adminRow.queryByRole("button", { name: USERS_UI.deleteUser })).toBeNull();
  // Deactivating oneself is refused by the server, so the button is disabled and says why.
  const selfToggle = adminRow.getByRole("button", { name: USERS_UI.deactivate }) as HTMLButtonElement;
  expect(selfToggle.disabled).toBe(true);
  expect(selfToggle.title).toBe(USERS.cannotDeactivateSelf);
  expect((devRow.getByRole("button", { name: USERS_UI.deactivate }) as HTMLButtonElement).disabled).toBe(
    false,
  );
  // The admin signed in to get here: a real last-login time, month day, year, hour and minute.
  expect(adminRow.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/)).toBeTruthy();

  fireEvent.change(screen.getByLabelText(USERS_UI.roleFilterLabel), { target: { value: "admin" } });
  await waitFor(() => expect(hasRow(dev.id)).toBe(false), { timeout: 3000 });
  expect(screen.getByTestId(`user-row-${admin.id}`)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(USERS_UI.roleFilterLabel), { target: { value: "" } });
  fireEvent.change(screen.getByLabelText(USERS_UI.searchLabel), { target: { value: "dana" } });
  await waitFor(() => expect(hasRow(admin.id)).toBe(false), { timeout: 3000 });
  expect(screen.getByTestId(`user-row-${dev.id}`)).toBeTruthy();
  fireEvent.change(screen.getByLabelText(USERS_UI.searchLabel), { target: { value: "nobody-at-all" } });
  expect(await screen.findByText(USERS.noUsers)).toBeTruthy();
}, 30_000);

test("Create New User: required fields, formats, a duplicate email, then created", async () => {
  const { org, row, deps } = await setup();
  fireEvent.click(screen.getByRole("button", { name: USERS_UI.addUser }));
  const dialog = within(await screen.findByRole("dialog"));
  expect(dialog.getByText(USERS_UI.createTitle)).toBeTruthy();
  expect((dialog.getByLabelText(USERS_UI.role) as HTMLSelectElement).value).toBe("developer");
  await press(dialog, USERS_UI.create);
  expect(dialog.getByText(USERS_UI.nameRequired)).toBeTruthy();
  expect(dialog.getByText(AUTH.emailRequired)).toBeTruthy();
  expect(dialog.getByText(USERS_UI.passwordRequired)).toBeTruthy();

  type(dialog, /^Name/, "Max Manager");
  type(dialog, /^Email/, "max@");
  type(dialog, /^Password/, "abc");
  await press(dialog, USERS_UI.create);
  expect(dialog.getByText(AUTH.emailInvalid)).toBeTruthy();
  expect(dialog.getByText(AUTH.passwordTooShort)).toBeTruthy();

  type(dialog, /^Email/, "DANA@example.com");
  type(dialog, /^Password/, "secret-pass");
  await press(dialog, USERS_UI.create, toasted(USERS.createFailed));
  expect(toasts()).toContainEqual([USERS.createFailed, AUTH.emailTaken]);

  type(dialog, /^Email/, "max@example.com");
  fireEvent.change(dialog.getByLabelText(USERS_UI.role), { target: { value: "manager" } });
  await waitFor(() =>
    expect((dialog.getByLabelText(FORMS_UI.organization) as HTMLSelectElement).options).toHaveLength(2),
  );
  fireEvent.change(dialog.getByLabelText(FORMS_UI.organization), { target: { value: String(org.id) } });
  await press(dialog, USERS_UI.create, toasted(USERS.created));
  const created = (await deps.db.select().from(users).where(eq(users.email, "max@example.com")).limit(1))[0]!;
  expect(created).toMatchObject({ name: "Max Manager", role: "manager", orgId: org.id, isActive: true });
  expect(await row(created.id)).toBeTruthy();
  expect(await screen.findByTestId(`user-row-${created.id}`)).toBeTruthy();
}, 30_000);

test("Reset Password: must match and be 6+ characters; then reset for the user", async () => {
  const { dev, row } = await setup();
  const dialog = await rowAction(dev.id, USERS_UI.resetPassword);
  type(dialog, USERS_UI.newPassword, "abcdef");
  type(dialog, USERS_UI.confirmPassword, "abcdeg");
  await press(dialog, USERS_UI.resetPassword);
  expect(dialog.getByText(USERS.passwordsDoNotMatch)).toBeTruthy();
  type(dialog, USERS_UI.newPassword, "abc");
  type(dialog, USERS_UI.confirmPassword, "abc");
  await press(dialog, USERS_UI.resetPassword);
  expect(dialog.getByText(AUTH.passwordTooShort)).toBeTruthy();
  type(dialog, USERS_UI.newPassword, "fresh-pass-1");
  type(dialog, USERS_UI.confirmPassword, "fresh-pass-1");
  await press(dialog, USERS_UI.resetPassword, toasted(passwordResetFor("Dev Dana")));
  expect(await verifyPassword("fresh-pass-1", (await row(dev.id))!.passwordHash)).toBe(true);
}, 30_000);

test("Change Email: required, pattern, then changed for the user", async () => {
  const { dev, row } = await setup();
  const dialog = await rowAction(dev.id, FORMS_UI.changeEmail);
  await press(dialog, FORMS_UI.changeEmail);
  expect(dialog.getByText(AUTH.emailRequired)).toBeTruthy();
  type(dialog, FORMS_UI.newEmail, "dana.example.com");
  await press(dialog, FORMS_UI.changeEmail);
  expect(dialog.getByText(AUTH.emailInvalid)).toBeTruthy();
  type(dialog, FORMS_UI.newEmail, "dana@studio.example");
  await press(dialog, FORMS_UI.changeEmail, toasted(emailChangedFor("Dev Dana")));
  expect((await row(dev.id))!.email).toBe("dana@studio.example");
}, 30_000);

test("Edit, deactivate, details and a confirmed delete", async () => {
  const { deps, org, dev, row } = await setup();
  await makeProject(deps, { orgId: org.id, createdBy: dev.id, name: "Starfall" });

  const edit = await rowAction(dev.id, USERS_UI.edit);
  expect(edit.getByText(USERS_UI.editTitle)).toBeTruthy();
  expect((edit.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Dev Dana");
  type(edit, /^Name/, "");
  await press(edit, FORMS_UI.saveChanges);
  expect(edit.getByText(USERS_UI.nameRequired)).toBeTruthy();
  type(edit, /^Name/, "Dana Dev");
  fireEvent.change(edit.getByLabelText(USERS_UI.role), { target: { value: "viewer" } });
  await press(edit, FORMS_UI.saveChanges, toasted(USERS.updated));
  expect(await row(dev.id)).toMatchObject({ name: "Dana Dev", role: "viewer" });
  await waitFor(() => expect(document.querySelector("[role=dialog]") === null).toBe(true));

  await press(
    within(screen.getByTestId(`user-row-${dev.id}`)),
    USERS_UI.deactivate,
    toasted(USERS.deactivated),
  );
  expect((await row(dev.id))!.isActive).toBe(false);
  await within(screen.getByTestId(`user-row-${dev.id}`)).findByRole("button", { name: USERS_UI.activate });

  const details = await rowAction(dev.id, USERS_UI.viewDetails);
  expect(await details.findByText("Starfall")).toBeTruthy();
  expect(details.getByText(USERS_UI.detailsTitle)).toBeTruthy();
  expect(details.getByText("Pixel Forge")).toBeTruthy();
  expect(details.getByText(FORMS_UI.inactive)).toBeTruthy();
  // The footer's Close (the corner × shares the name).
  await act(async () => {
    fireEvent.click(details.getAllByRole("button", { name: FORMS_UI.close })[0]!);
    await Bun.sleep(150);
  });
  await waitFor(() => expect(document.querySelector("[role=dialog]") === null).toBe(true));

  const confirm = await rowAction(dev.id, USERS_UI.deleteUser, "alertdialog");
  expect(confirm.getByText(USERS.confirmDelete)).toBeTruthy();
  await press(confirm, FORMS_UI.delete, toasted(USERS.deleted));
  expect(await row(dev.id)).toBeUndefined();
  await waitFor(() => expect(hasRow(dev.id)).toBe(false), { timeout: 3000 });
}, 30_000);

test("a failed list says 'Failed to fetch users' once, not as title and message both", async () => {
  const deps = testDeps();
  const admin = await makeUser(deps, { orgId: (await makeOrg(deps, "Pixel Forge")).id, role: "admin" });
  const caller = await callerFor(deps, admin.email);
  // The list fails with the very text the screen uses as its title.
  const failing = new Proxy(caller, {
    get: (target, key) =>
      key === "users"
        ? new Proxy(target.users, {
            get: (u, k) =>
              k === "list"
                ? () => Promise.reject(new TRPCError({ code: "BAD_REQUEST", message: USERS.fetchFailed }))
                : Reflect.get(u, k),
          })
        : Reflect.get(target, key),
  });
  renderWithApp(<UsersPage />, { caller: failing });
  await waitFor(() => expect(toasts()).toContainEqual([USERS.fetchFailed, undefined]));
  expect(
    toasts()
      .flat()
      .filter((t) => t === USERS.fetchFailed),
  ).toHaveLength(1);
});

test("the admin's own row keeps its icons in the same columns as every other row", async () => {
  const { admin, dev } = await setup();
  // Each row's actions, slot by slot: a button's label, or the held place of one.
  const slots = (id: number) =>
    [...screen.getByTestId(`user-row-${id}`).querySelectorAll("td:last-child > div > *")].map((el) =>
      el.tagName === "BUTTON" ? el.getAttribute("aria-label") : "held",
    );
  const own = slots(admin.id);
  const other = slots(dev.id);
  expect(own).toHaveLength(other.length);
  // Same icons in the same slots; the delete one's place stays held on one's own row.
  expect(own.slice(0, 4)).toEqual(other.slice(0, 4));
  expect(own.at(-1)).toBe("held");
  expect(other.at(-1)).toBe(USERS_UI.deleteUser);
});

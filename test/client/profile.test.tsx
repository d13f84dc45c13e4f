import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROFILE_UI } from "@client/messages/profile-ui";
import ProfilePage from "@client/pages/profile/ProfilePage";
import { verifyPassword } from "@server/features/auth/password";
import { users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser, TEST_PASSWORD, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

const toastTitles = () => toaster.getVisibleToasts().map((t) => t.title);

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Pixel Forge");
  const user = await makeUser(deps, {
    orgId: org.id,
    role: "manager",
    name: "Mia Manager",
    email: "mia@example.com",
  });
  renderWithApp(<ProfilePage />, { caller: await callerFor(deps, user.email) });
  await screen.findByTestId("profile-name");
  const row = async (user: { id: number }) =>
    (await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1))[0]!;
  return { deps, user, row: async () => await row(user) };
}

/** Opens one inline form by its button and returns it. */
async function open(action: string) {
  fireEvent.click(screen.getByRole("button", { name: action }));
  return within(await screen.findByRole("form", { name: action }));
}

const type = (form: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(form.getByLabelText(label), { target: { value } });

/**
 * Saves, then stays inside act until `done` holds (a toast, or a text the answer renders), so the
 * updates the server's answer causes happen within act.
 */
async function save(form: ReturnType<typeof within>, done: () => boolean = () => true) {
  await actUntil(() => fireEvent.click(form.getByRole("button", { name: FORMS_UI.save })), done, 50);
}

const toasted = (title: string) => () => toastTitles().includes(title);
const shown = (text: string) => () => document.body.textContent?.includes(text) === true;

test("the card shows name, email, role label and a masked password", async () => {
  const deps = testDeps();
  const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "viewer", name: "Vic Viewer" });
  renderWithApp(<ProfilePage />, { caller: await callerFor(deps, user.email) });
  expect(screen.getByText(PROFILE_UI.loadingUser)).toBeTruthy();
  expect((await screen.findByTestId("profile-name")).textContent).toBe("Vic Viewer");
  expect(screen.getAllByText(user.email).length).toBeGreaterThan(0);
  expect(screen.getByText("Viewer")).toBeTruthy();
  expect(screen.getByText(PROFILE_UI.maskedPassword)).toBeTruthy();
}, 30_000);

test("Change Name: empty, too short, then trimmed and saved; the shown name follows", async () => {
  const { row } = await setup();
  let form = await open(PROFILE_UI.changeName);
  await save(form);
  expect(form.getByText(AUTH.nameEmpty)).toBeTruthy();
  type(form, PROFILE_UI.newName, "   ");
  await save(form);
  expect(form.getByText(AUTH.nameEmpty)).toBeTruthy();
  type(form, PROFILE_UI.newName, " Z ");
  await save(form);
  expect(form.getByText(AUTH.nameTooShort)).toBeTruthy();
  expect((await row()).name).toBe("Mia Manager");

  // Cancel closes the form and clears it.
  fireEvent.click(form.getByRole("button", { name: FORMS_UI.cancel }));
  expect(screen.queryByRole("form", { name: PROFILE_UI.changeName })).toBeNull();
  form = await open(PROFILE_UI.changeName);
  expect((form.getByLabelText(PROFILE_UI.newName) as HTMLInputElement).value).toBe("");

  type(form, PROFILE_UI.newName, "  Zoe Quinn  ");
  await save(form, toasted(AUTH.nameChanged));
  expect((await row()).name).toBe("Zoe Quinn");
  await waitFor(() => expect(screen.getByTestId("profile-name").textContent).toBe("Zoe Quinn"));
  expect(screen.queryByRole("form", { name: PROFILE_UI.changeName })).toBeNull();
}, 30_000);

test("Change Email: required, pattern, wrong password from the server, then saved", async () => {
  const { row } = await setup();
  const form = await open(FORMS_UI.changeEmail);
  await save(form);
  expect(form.getByText(AUTH.emailRequired)).toBeTruthy();
  type(form, FORMS_UI.newEmail, "not-an-email");
  type(form, PROFILE_UI.currentPassword, TEST_PASSWORD);
  await save(form);
  expect(form.getByText(AUTH.emailInvalid)).toBeTruthy();

  type(form, FORMS_UI.newEmail, "zoe@example.com");
  type(form, PROFILE_UI.currentPassword, "wrong-password");
  await save(form, shown(AUTH.wrongPassword));
  expect(form.getByText(AUTH.wrongPassword)).toBeTruthy();
  expect((await row()).email).toBe("mia@example.com");

  type(form, PROFILE_UI.currentPassword, TEST_PASSWORD);
  await save(form, toasted(AUTH.emailChanged));
  expect((await row()).email).toBe("zoe@example.com");
  await waitFor(() => expect(screen.getAllByText("zoe@example.com").length).toBeGreaterThan(0));
}, 30_000);

test("Change Password: must match, 6+ characters, current checked by the server, then saved", async () => {
  const { row } = await setup();
  const form = await open(PROFILE_UI.changePassword);
  type(form, PROFILE_UI.currentPassword, TEST_PASSWORD);
  type(form, PROFILE_UI.newPassword, "abcdef1");
  type(form, PROFILE_UI.confirmPassword, "abcdef2");
  await save(form);
  expect(form.getByText(AUTH.passwordsDoNotMatch)).toBeTruthy();

  type(form, PROFILE_UI.newPassword, "abc");
  type(form, PROFILE_UI.confirmPassword, "abc");
  await save(form);
  expect(form.getByText(AUTH.passwordTooShort)).toBeTruthy();

  type(form, PROFILE_UI.currentPassword, "wrong-password");
  type(form, PROFILE_UI.newPassword, "new-password-9");
  type(form, PROFILE_UI.confirmPassword, "new-password-9");
  await save(form, shown(AUTH.wrongCurrentPassword));
  expect(form.getByText(AUTH.wrongCurrentPassword)).toBeTruthy();
  expect(await verifyPassword(TEST_PASSWORD, (await row()).passwordHash)).toBe(true);

  type(form, PROFILE_UI.currentPassword, TEST_PASSWORD);
  await save(form, toasted(AUTH.passwordChanged));
  expect(await verifyPassword("new-password-9", (await row()).passwordHash)).toBe(true);
}, 30_000);

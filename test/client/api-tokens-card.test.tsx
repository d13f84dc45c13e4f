import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { API_TOKENS_UI as UI } from "@client/messages/api-tokens-ui";
import { FORMS_UI } from "@client/messages/forms-ui";
import ProfilePage from "@client/pages/profile/ProfilePage";
import { apiTokenHash } from "@server/features/tokens/api-token";
import { apiTokens } from "@server/platform/db/schema";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { mintToken } from "../support/api-tokens";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

async function setup(withToken = false) {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const minted = withToken ? await mintToken(deps, user.id) : null;
  renderWithApp(<ProfilePage />, { caller: await callerFor(deps, user.email) });
  const card = within(await screen.findByTestId("api-tokens-card"));
  return {
    deps,
    user,
    card,
    minted,
    rows: async () => await deps.db.select().from(apiTokens).orderBy(apiTokens.id),
  };
}

test("the profile lists tokens with prefix and dates, never the token", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
  const { id, token } = await mintToken(deps, user.id, 30);
  renderWithApp(<ProfilePage />, { caller: await callerFor(deps, user.email) });
  const row = await screen.findByTestId(`api-token-${id}`);
  expect(row.textContent).toContain("script");
  expect(row.textContent).toContain(token.slice(0, 10));
  expect(row.textContent).toContain("Expires ");
  expect(row.textContent).toContain(UI.neverUsed);
  expect(document.body.textContent).not.toContain(token);
});

test("create checks the input, then shows the token once; its hash is what is stored", async () => {
  const { card, rows } = await setup();
  await card.findByText(UI.empty);
  fireEvent.click(card.getByRole("button", { name: UI.create }));
  let dialog = within(await screen.findByRole("dialog"));
  fireEvent.change(dialog.getByLabelText(new RegExp(UI.expiryLabel.replace(/[()]/g, "\\$&"))), {
    target: { value: "400" },
  });
  fireEvent.click(dialog.getByRole("button", { name: UI.create }));
  await dialog.findByText(API_TOKENS.nameRequired);
  await dialog.findByText(API_TOKENS.expiryInvalid);
  expect(await rows()).toEqual([]);

  fireEvent.change(dialog.getByLabelText(new RegExp(UI.nameLabel)), { target: { value: "Trailer bot" } });
  fireEvent.change(dialog.getByLabelText(new RegExp(UI.expiryLabel.replace(/[()]/g, "\\$&"))), {
    target: { value: "7" },
  });
  fireEvent.click(dialog.getByRole("button", { name: UI.create }));
  const shown = (await screen.findByTestId("new-api-token")).textContent!;
  expect(shown).toMatch(/^sct_/);
  expect(screen.getByText(UI.tokenHint)).toBeTruthy();
  expect(await rows()).toHaveLength(1);
  expect((await rows())[0]!.tokenHash).toBe(apiTokenHash(shown));
  expect((await rows())[0]!.expiresAt).not.toBeNull();

  dialog = within(screen.getByRole("dialog"));
  fireEvent.click(dialog.getByRole("button", { name: FORMS_UI.done }));
  await waitFor(() => expect(screen.queryByTestId("new-api-token")).toBeNull());
  await card.findByText("Trailer bot");
  expect(document.body.textContent).not.toContain(shown);
});

/** Clicks a button inside act and lets the answer land, polling for `done` with a deadline. */
async function press(scope: ReturnType<typeof within>, name: string, done: () => boolean | Promise<boolean>) {
  await actUntil(() => fireEvent.click(scope.getByRole("button", { name })), done);
}

const noConfirm = () => document.querySelector("[role=alertdialog]") === null;

test("revoke asks first, then removes the token", async () => {
  const { minted, rows } = await setup(true);
  const row = within(await screen.findByTestId(`api-token-${minted!.id}`));
  await press(row, UI.revoke, () => !noConfirm());
  const confirm = within(document.querySelector("[role=alertdialog]") as HTMLElement);
  expect(confirm.getByText(UI.revokeMessage("script"))).toBeTruthy();
  await press(confirm, FORMS_UI.cancel, noConfirm);
  expect(noConfirm()).toBe(true);
  expect(await rows()).toHaveLength(1);

  await press(row, UI.revoke, () => !noConfirm());
  const again = within(document.querySelector("[role=alertdialog]") as HTMLElement);
  await press(again, UI.revoke, async () => (await rows()).length === 0 && noConfirm());
  await screen.findByText(UI.empty);
  expect(await rows()).toEqual([]);
});

test("the card links to the API reference the console serves itself", async () => {
  const { card } = await setup();
  await card.findByText(UI.empty);
  const link = card.getByRole("link", { name: UI.docsLink });
  expect(link.getAttribute("href")).toBe("/api/docs");
  expect(link.getAttribute("target")).toBe("_blank");
});

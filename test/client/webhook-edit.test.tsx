import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { WEBHOOKS_UI } from "@client/messages/webhooks-ui";
import { WebhooksCard } from "@client/pages/project-settings/WebhooksCard";
import { webhooks } from "@server/platform/db/schema";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// A webhook's name is what the list shows first; Edit changes it (and the format) in place, and the
// address and the signing secret stay unless a new address is typed.

afterEach(() => {
  cleanup();
  toaster.remove();
});

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "manager" });
  const project = await makeProject(deps, { orgId: org.id });
  const caller = await callerFor(deps, user.email);
  const add = async (name: string | null, token: string) =>
    (
      await deps.db
        .insert(webhooks)
        .values({
          projectId: project.id,
          name,
          url: `https://discord.com/api/webhooks/1/${token}`,
          format: "discord",
          events: ["stream.failed"],
          secret: `whsec_${token}`,
        })
        .returning()
    )[0]!;
  return { deps, project, caller, add };
}

test("two Discord hooks read apart by their names", async () => {
  const { project, caller, add } = await setup();
  await add("Discord #ops", "aaa");
  await add("Discord #launch", "bbb");
  renderWithApp(<WebhooksCard projectId={project.id} />, { caller });
  const names = await screen.findAllByTestId("webhook-name");
  expect(names.map((n) => n.textContent)).toEqual(["Discord #ops", "Discord #launch"]);
});

test("Edit renames a webhook and changes its format; address and secret stay", async () => {
  const { deps, project, caller, add } = await setup();
  const hook = await add(null, "ccc");
  renderWithApp(<WebhooksCard projectId={project.id} />, { caller });
  const item = await screen.findByTestId(`webhook-${hook.id}`);
  expect(within(item).queryByTestId("webhook-name")).toBeNull();
  fireEvent.click(within(item).getByRole("button", { name: `${WEBHOOKS_UI.edit} https://discord.com/****` }));
  const form = await screen.findByRole("dialog", { name: WEBHOOKS_UI.editTitle });
  expect(within(form).getByText(WEBHOOKS_UI.urlKeepHint("https://discord.com/****"))).toBeTruthy();
  fireEvent.change(within(form).getByLabelText(new RegExp(`^${WEBHOOKS_UI.nameLabel}`)), {
    target: { value: "Ops channel" },
  });
  fireEvent.change(within(form).getByRole("combobox"), { target: { value: "generic" } });
  await actUntil(
    () => fireEvent.click(within(form).getByRole("button", { name: WEBHOOKS_UI.save })),
    () => toaster.getVisibleToasts().some((t) => t.title === WEBHOOKS_UI.saved),
    300,
  );
  expect((await deps.db.select().from(webhooks).limit(1))[0]).toEqual({
    ...hook,
    name: "Ops channel",
    format: "generic",
  });
  expect((await screen.findByTestId("webhook-name")).textContent).toBe("Ops channel");
});

import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { WEBHOOKS_UI } from "@client/messages/webhooks-ui";
import ProjectSettingsPage from "@client/pages/project-settings/ProjectSettingsPage";
import { WebhooksCard } from "@client/pages/project-settings/WebhooksCard";
import { webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { WEBHOOKS } from "@shared/messages/webhooks";
import type { Role } from "@shared/roles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

afterEach(() => {
  cleanup();
  toaster.remove();
});

async function setup(role: Role) {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role });
  const project = await makeProject(deps, { orgId: org.id });
  const caller = await callerFor(deps, user.email);
  return {
    deps,
    project,
    caller,
    render: () => renderWithApp(<WebhooksCard projectId={project.id} />, { caller }),
  };
}

test("on Project Settings, managers see the card; developers and viewers do not", async () => {
  for (const role of ["manager", "developer", "viewer"] as const) {
    const { project, caller } = await setup(role);
    renderWithApp(<ProjectSettingsPage />, {
      caller,
      path: `/projects/${project.id}/settings`,
      route: "/projects/*",
    });
    // Once the page (and so the session) has loaded, the card is there or not.
    await waitFor(() => {
      expect(screen.getByRole("form", { name: PROJECTS_UI.generalSettings })).toBeTruthy();
      expect(screen.getByTestId("steam-analytics-card").querySelector("input[type=checkbox]")).toBeTruthy();
    });
    if (role === "manager") await screen.findByText(WEBHOOKS_UI.empty);
    else expect(screen.queryByTestId("webhooks-card")).toBeNull();
    cleanup();
  }
});

test("a manager sees the masked address and the last deliveries, and adds a webhook", async () => {
  const { deps, project, render } = await setup("manager");
  const hook = (
    await deps.db
      .insert(webhooks)
      .values({
        projectId: project.id,
        url: "https://hooks.slack.com/services/T000/B000/tokenvalue",
        format: "slack",
        events: ["stream.failed"],
        secret: "whsec_x",
      })
      .returning()
  )[0]!;
  await deps.db.insert(webhookDeliveries).values({
    webhookId: hook.id,
    event: "stream.failed",
    payload: "{}",
    status: "failed",
    httpStatus: 500,
    attempts: 12,
    nextAttemptAt: 0,
    createdAt: Date.now(),
  });
  render();
  const card = within(await screen.findByTestId("webhooks-card"));
  await card.findByText("https://hooks.slack.com/****");
  expect(document.body.textContent).not.toContain("tokenvalue");
  const row = await screen.findByTestId(/^delivery-\d+$/);
  expect(row.textContent).toContain("Stream failed");
  expect(row.textContent).toContain("500");
  expect(row.textContent).toContain("12");

  fireEvent.click(card.getByRole("button", { name: WEBHOOKS_UI.add }));
  const dialog = within(await screen.findByRole("dialog"));
  fireEvent.change(dialog.getByLabelText(new RegExp(WEBHOOKS_UI.urlLabel)), { target: { value: "ftp://x" } });
  fireEvent.click(dialog.getByRole("button", { name: WEBHOOKS_UI.create }));
  await dialog.findByText(WEBHOOKS.urlInvalid);
  expect(await deps.db.select().from(webhooks)).toHaveLength(1);
  fireEvent.change(dialog.getByLabelText(new RegExp(WEBHOOKS_UI.urlLabel)), {
    target: { value: "https://example.com/hook" },
  });
  fireEvent.click(dialog.getByRole("button", { name: WEBHOOKS_UI.create }));
  const secret = await screen.findByTestId("webhook-secret");
  expect(secret.textContent).toBe((await deps.db.select().from(webhooks))[1]!.secret);
  expect(screen.getByText(WEBHOOKS_UI.secretHint)).toBeTruthy();
});

import { afterEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { WEBHOOKS_UI } from "@client/messages/webhooks-ui";
import { WebhooksCard } from "@client/pages/project-settings/WebhooksCard";
import { webhooks } from "@server/platform/db/schema";
import { EVENT_LABELS } from "@shared/messages/webhooks";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The analytics alerts are offered in the Add Webhook dialog, beside the broadcast events.

afterEach(() => {
  cleanup();
  toaster.remove();
});

test("a manager subscribes a webhook to the new-player-peak and review-score alerts", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "manager" });
  const project = await makeProject(deps, { orgId: org.id });
  renderWithApp(<WebhooksCard projectId={project.id} />, { caller: await callerFor(deps, user.email) });
  const card = within(await screen.findByTestId("webhooks-card"));
  fireEvent.click(card.getByRole("button", { name: WEBHOOKS_UI.add }));
  const dialog = within(await screen.findByRole("dialog"));
  for (const event of ["analytics.player_peak", "analytics.review_score_changed"] as const) {
    const label = dialog.getByText(EVENT_LABELS[event]).closest("label")!;
    const box = label.querySelector("input[type=checkbox]") as HTMLInputElement;
    // zag reports the checkbox change after the click event: let it land inside act.
    await act(async () => {
      fireEvent.click(box);
    });
    await waitFor(() => expect(box.checked).toBe(true));
  }
  fireEvent.change(dialog.getByLabelText(new RegExp(WEBHOOKS_UI.urlLabel)), {
    target: { value: "https://example.com/hook" },
  });
  fireEvent.click(dialog.getByRole("button", { name: WEBHOOKS_UI.create }));
  await waitFor(async () => expect(await deps.db.select().from(webhooks)).toHaveLength(1));
  expect((await deps.db.select().from(webhooks).limit(1))[0]!.events).toEqual(
    expect.arrayContaining(["analytics.player_peak", "analytics.review_score_changed"]),
  );
});

import { describe, expect, test } from "bun:test";
import { renderPayload } from "@server/features/webhooks/payloads";
import { createWebhookBody } from "@shared/schemas/webhooks";

// The store-page events as a webhook carries them: selectable, and naming the game Steam shows.

const event = {
  type: "store_page.wrong_app" as const,
  projectId: 1,
  projectName: "Starfall Outpost",
  at: Date.UTC(2026, 4, 10, 12),
  streamId: 3,
  destinationId: 7,
  destinationName: "Store page",
  appId: 1987650,
  appTitle: "Hollow Lantern",
  message: "The broadcasting Steam account is live in Hollow Lantern.",
};

describe("store-page webhook events", () => {
  test("a webhook may subscribe to the three events; an unknown store-page event is refused", () => {
    const ok = createWebhookBody.safeParse({
      url: "https://example.com/hook",
      format: "generic",
      events: ["store_page.live", "store_page.not_shown", "store_page.wrong_app"],
    });
    expect(ok.success).toBe(true);
    const bad = createWebhookBody.safeParse({
      url: "https://example.com/hook",
      format: "generic",
      events: ["store_page.moved"],
    });
    expect(bad.success).toBe(false);
  });

  test("the generic payload names the app and the game; Discord and Slack show it as a fact", () => {
    const generic = JSON.parse(renderPayload("generic", event));
    expect(generic).toMatchObject({
      event: "store_page.wrong_app",
      title: "On another game's page: Store page",
      app_id: 1987650,
      app_title: "Hollow Lantern",
      destination_id: 7,
      stream_id: 3,
      message: event.message,
    });
    const discord = JSON.parse(renderPayload("discord", event));
    expect(discord.embeds[0].fields).toContainEqual({
      name: "Shown on",
      value: "Hollow Lantern",
      inline: true,
    });
    expect(renderPayload("slack", event)).toContain("*Shown on:* Hollow Lantern");
  });
});

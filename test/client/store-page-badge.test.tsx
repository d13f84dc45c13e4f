import { afterEach, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { StorePageBadge } from "@client/components/StorePageBadge";
import { StorePagePanel } from "@client/pages/dashboard/StorePagePanel";
import { STORE_PAGE } from "@shared/messages/store-page";
import type { StorePageState, StorePageView } from "@shared/schemas/store-page";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";

// The store-page badge as a studio reads it: one plain label per state, the other game named, the
// reason beside it on the card, and the dashboard's list of live Steam streams.

afterEach(cleanup);
const ui = (node: ReactNode) => render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);

const view = (state: StorePageState | null, more: Partial<StorePageView> = {}): StorePageView => ({
  destination_id: 7,
  stream_id: state ? 3 : null,
  state,
  since: state ? "2026-05-10T12:00:00.000Z" : null,
  app_id: null,
  app_title: null,
  reason: null,
  checked_at: null,
  ...more,
});

test("each state reads as its plain label, in its own colour", () => {
  const expected: [StorePageState, string, string][] = [
    ["pushed", "Pushed", "blue"],
    ["on_store_page", "On the store page", "green"],
    ["not_shown", "Not shown", "red"],
    ["unknown", "Unknown", "gray"],
  ];
  const seen = new Set<string>();
  for (const [state, label, palette] of expected) {
    ui(<StorePageBadge view={view(state)} />);
    const badge = screen.getByTestId("store-page-7");
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute("data-state")).toBe(state);
    expect(badge.getAttribute("data-palette")).toBe(palette);
    seen.add(palette);
    cleanup();
  }
  expect(seen.size).toBe(expected.length);
});

test("another game's page names that game", () => {
  ui(<StorePageBadge view={view("other_app", { app_id: 570, app_title: "Dota 2" })} />);
  expect(screen.getByTestId("store-page-7").textContent).toBe("On another game's page: Dota 2");
  expect(screen.getByText(STORE_PAGE.otherApp("Dota 2"))).toBeDefined();
});

test("on the card the reason stands beneath the badge; without a state there is no badge", () => {
  ui(<StorePageBadge view={view("unknown", { reason: STORE_PAGE.noAppId })} withReason />);
  expect(screen.getByText(STORE_PAGE.noAppId)).toBeDefined();
  expect(screen.getByTestId("store-page-7").getAttribute("title")).toBe(STORE_PAGE.noAppId);
  cleanup();
  const { container } = ui(<StorePageBadge view={view(null)} withReason />);
  expect(container.querySelector("[data-state]")).toBeNull();
});

test("the dashboard lists each live Steam stream with its badge, and nothing when there is none", () => {
  const item = (id: number, name: string, state: StorePageState, more: Partial<StorePageView> = {}) => ({
    ...view(state, { destination_id: id, ...more }),
    destination_name: name,
    project_id: 1,
    project_name: "Starfall Outpost",
  });
  ui(
    <StorePagePanel
      items={[
        item(1, "Store page", "on_store_page"),
        item(2, "Event stream", "other_app", { app_title: "Hollow Lantern" }),
      ]}
    />,
  );
  expect(screen.getByText("Store page")).toBeDefined();
  expect(screen.getByTestId("store-page-1").textContent).toBe("On the store page");
  expect(screen.getByTestId("store-page-2").textContent).toBe("On another game's page: Hollow Lantern");
  cleanup();
  const { container } = ui(<StorePagePanel items={[]} />);
  expect(container.querySelector("[data-testid=store-page-panel]")).toBeNull();
});

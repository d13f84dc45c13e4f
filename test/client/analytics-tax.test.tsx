import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { startSteamMsw } from "../fakes/steam/msw";
import { renderWithApp } from "../support/render";
import { addSale, analyticsProject, DAY_MS } from "./analytics-fixtures";

// The overview's sales breakdown with tax: Steam's net is after returns and tax.

// recharts measures its container and re-renders from a resize observer, outside act(); React would
// report that as a console.error (a failure here). Every assertion waits for what it expects.
type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: unknown };
let actFlag: unknown;
let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
  actFlag = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = actFlag;
  steam.stop();
});
afterEach(cleanup);

const pacificDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(ms));
const render = (projectId: number, caller: Record<string, unknown>) =>
  renderWithApp(<AnalyticsTab projectId={projectId} />, { caller });

test("the breakdown shows tax between returns and net, so the column adds up; ARPU says it is per copy", async () => {
  const { deps, project, caller } = await analyticsProject({ financial: true });
  await addSale(deps, {
    date: pacificDay(Date.now() - DAY_MS),
    grossCents: 33_147_56,
    returnsCents: 259_92,
    taxCents: 6_248_66,
    sold: 1000,
    returned: 10,
  });
  render(project.id, caller);
  const section = await screen.findByTestId("financial-section");
  await within(section).findByTestId("revenue-chart", {}, { timeout: 5000 });
  const row = (label: string) => within(section).getByTestId(`breakdown-${label}`).textContent;
  expect(row("Gross Sales")).toBe("$33,147.56");
  expect(row("Returns")).toBe("−$259.92");
  expect(row("Tax")).toBe("−$6,248.66");
  expect(row("Net Sales")).toBe("$26,638.98");
  const arpu = within(section).getByTestId("stat-ARPU").textContent;
  expect(arpu).toContain("$26.91");
  expect(arpu).toContain("Net revenue per copy sold");
  await waitFor(() => expect(document.querySelectorAll(".chakra-skeleton").length).toBe(0), {
    timeout: 10_000,
  });
}, 30_000);

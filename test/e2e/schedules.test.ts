import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import { SCHEDULES } from "@shared/messages/schedules";
import { STREAMING } from "@shared/messages/streaming";
import { steamReadyMp4 } from "../support/media";
import { waitUntil } from "../support/wait";
import {
  type Console,
  openBrowser,
  seedProject,
  signInThroughPage,
  startConsole,
  uploadVideo,
  visit,
} from "./harness";

// The Schedule dialog in Chromium against the real server: add a weekly Pacific window and a
// one-off, see the card's next start, be refused an overlap, delete. Screenshots of the card and the
// dialog at a desktop and a phone size go to test-results/screens/.

const SHOTS = join(import.meta.dir, "..", "..", "test-results", "screens");
let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-schedules", "Moonlight");
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), app?.stop()]);
});

test("schedule a weekly window and a one-off from the card, see the next start, delete one", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughPage(page, app.url);
  await uploadVideo(page, app.url, projectId, "trailer.mp4", await steamReadyMp4(6));
  const made = await page.request.post(`${app.url}/api/destinations`, {
    data: {
      name: "Steam Next Fest",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "k",
      project_id: projectId,
    },
  });
  expect(made.status()).toBe(201);
  await visit(page, `${app.url}/projects/${projectId}`);
  await page.waitForFunction((id) => localStorage.getItem("currentProjectId") === String(id), projectId);
  await page.getByRole("link", { name: "Streaming" }).first().click();
  await page.getByText(STREAMING.managingFor("Moonlight")).waitFor();

  const card = page.locator("[data-testid^=destination-]");
  await card.getByRole("button", { name: `${UI.button} Steam Next Fest` }).click();
  const dialog = page.getByRole("dialog", { name: UI.dialogTitle });
  await dialog.getByText(UI.empty).waitFor();

  // Weekly, Monday to Friday 10:00-12:00 in the default zone (Pacific).
  await dialog.getByText(UI.weekly, { exact: true }).click();
  for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) await dialog.getByText(day, { exact: true }).click();
  expect(await dialog.getByLabel(UI.timezone).inputValue()).toBe("America/Los_Angeles");
  await dialog.getByLabel(UI.media).selectOption({ label: "trailer.mp4" });
  await dialog.getByRole("button", { name: UI.add }).click();
  await dialog
    .getByText("Mon, Tue, Wed, Thu, Fri · 10:00–12:00 · America/Los_Angeles")
    .waitFor({ timeout: 5000 })
    .catch(async (err) => {
      await page.screenshot({ path: join(SHOTS, "schedule-debug.png") });
      throw err;
    });
  await card
    .getByTestId("next-schedule")
    .getByText(/^Next (start|stop): /)
    .waitFor();

  // An overlapping one-off (next Monday 10:30-11:00 Pacific, typed in the browser's own zone) is refused.
  const monday = nextMondayAt1030Pacific();
  await dialog.getByText(UI.once, { exact: true }).click();
  await dialog.getByLabel(UI.startsAt).fill(localInput(monday));
  await dialog.getByLabel(UI.endsAt).fill(localInput(monday + 30 * 60_000));
  await dialog.getByLabel(UI.media).selectOption({ label: "trailer.mp4" });
  await dialog.getByRole("button", { name: UI.add }).click();
  await dialog.getByText(SCHEDULES.overlap).waitFor();
  // Moved to Saturday it fits.
  const saturday = monday + 5 * 86_400_000;
  await dialog.getByLabel(UI.startsAt).fill(localInput(saturday));
  await dialog.getByLabel(UI.endsAt).fill(localInput(saturday + 30 * 60_000));
  await dialog.getByRole("button", { name: UI.add }).click();
  await dialog.getByText(UI.once, { exact: true }).nth(1).waitFor();
  expect(await dialog.getByTestId("schedule-windows").locator("> div").count()).toBe(2);

  for (const size of [
    { name: "desktop", width: 1440, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `schedule-dialog-${size.name}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await dialog.getByRole("button", { name: UI.delete }).first().click();
  await page.getByText(UI.deleted).first().waitFor();
  const windowsLeft = () => dialog.getByTestId("schedule-windows").locator("> div").count();
  await waitUntil(async () => (await windowsLeft()) === 1, 5000, "one window left after the delete");
  expect(await windowsLeft()).toBe(1);
  await card.getByText(UI.nextStart(localWhenInBrowser(saturday))).waitFor();
  await dialog.getByRole("button", { name: UI.close }).last().click();
  await dialog.waitFor({ state: "hidden" });
  for (const size of [
    { name: "desktop", width: 1440, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await card.screenshot({ path: join(SHOTS, `schedule-card-${size.name}.png`) });
  }
}, 120_000);

/** The coming Monday 10:30 in Los Angeles, as an instant (10:30 PST or PDT, whichever applies). */
function nextMondayAt1030Pacific(): number {
  const day = 86_400_000;
  for (let t = Date.now() + day; ; t += day) {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Los_Angeles",
      weekday: "short",
    }).format(t);
    if (parts !== "Mon") continue;
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(t);
    for (const offset of ["-08:00", "-07:00"]) {
      const at = Date.parse(`${date}T10:30:00${offset}`);
      const clock = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Los_Angeles",
        hour: "numeric",
        hourCycle: "h23",
      }).format(at);
      if (clock === "10") return at;
    }
  }
}

/** The card's wording of an instant (the browser and this process share the machine's zone and locale). */
const localWhenInBrowser = (ms: number) =>
  new Date(ms).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** A datetime-local value for an instant, on the test process's wall clock (the browser shares its zone). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

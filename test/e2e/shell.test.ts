import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { SHELL } from "@client/messages/shell";
import { AUTH } from "@shared/messages/auth";
import { ADMIN, type Console, openBrowser, signInThroughPage, startConsole, visit } from "./harness";

// The shell in Chromium against the real server: sign in, switch project, move around, sign
// out, and come back to a protected page after signing in again.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;

beforeAll(async () => {
  app = await startConsole();
  browser = await openBrowser();
  // A project to switch to, written straight into the server's database (the seeded organization is 1).
  const db = new Database(join(app.dataDir, "console.db"));
  const row = db.query("INSERT INTO projects (name, org_id) VALUES (?, 1) RETURNING id").get("Moon Lander");
  projectId = (row as { id: number }).id;
  db.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test("sign in, switch project, navigate, sign out, and return to a protected page", async () => {
  const { page } = browser;
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });

  // Signed in, with no remembered project, / lands on the projects list inside the shell.
  await signInThroughPage(page, app.url);
  await page.waitForURL(`${app.url}/projects`);
  const sidebar = page.getByRole("complementary");
  await sidebar.getByText(SHELL.productTitle).waitFor();
  await sidebar.getByText("A", { exact: true }).waitFor(); // initials of "Administrator"
  const streamingOff = sidebar.locator('[aria-disabled="true"]', { hasText: SHELL.nav.streaming });
  expect(await streamingOff.getAttribute("title")).toBe(SHELL.selectProjectFirst);

  // Switch project through the modal.
  await sidebar.getByRole("button", { name: SHELL.switchProject }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText(SHELL.selectProjectTitle).waitFor();
  await dialog.getByText("Default Organization").waitFor();
  await dialog.getByRole("button", { name: /Moon Lander/ }).click();
  await page.waitForURL(`${app.url}/projects/${projectId}`);
  await dialog.waitFor({ state: "hidden" });
  // Remembered in localStorage (written by an effect, so waited for).
  await page.waitForFunction((id) => localStorage.getItem("currentProjectId") === id, String(projectId), {
    timeout: 5000,
  });

  // Project navigation, then Streaming, now enabled.
  await sidebar.getByRole("link", { name: SHELL.nav.media }).click();
  await page.waitForURL(`${app.url}/projects/${projectId}/media`);
  await sidebar.getByRole("link", { name: SHELL.nav.streaming }).click();
  await page.waitForURL(`${app.url}/streaming`);
  await sidebar.getByRole("link", { name: SHELL.nav.organizations }).click();
  await page.waitForURL(`${app.url}/organizations`);

  // A deep link reloads through the SPA fallback; / goes to the remembered project.
  await visit(page, `${app.url}/`);
  await page.waitForURL(`${app.url}/projects/${projectId}`);
  await visit(page, `${app.url}/analytics/${projectId}`);
  await page.waitForURL(`${app.url}/projects/${projectId}/analytics`);
  await visit(page, `${app.url}/marketing`);
  await page.getByText(SHELL.comingSoon).waitFor();

  // Sign out from the account menu.
  await sidebar.getByRole("button", { name: SHELL.userMenu }).click();
  await page.getByRole("menuitem", { name: SHELL.signOut }).click();
  await page.waitForURL(`${app.url}/login`);
  const cookies = await browser.context.cookies();
  expect(cookies.filter((c) => c.value !== "")).toHaveLength(0);

  // Signed out, a protected page sends to /login; signing in comes back to it.
  await visit(page, `${app.url}/streaming`);
  await page.waitForURL(`${app.url}/login`);
  await page.getByLabel(AUTH.emailLabel).fill(ADMIN.email);
  await page.getByLabel(AUTH.passwordLabel).fill(ADMIN.password);
  await page.getByRole("button", { name: AUTH.signIn }).click();
  await page.waitForURL(`${app.url}/streaming`);
  await sidebar.getByText(SHELL.productTitle).waitFor();

  expect(problems).toEqual([]);
});

test("the initial page loads only the entry script; screens arrive as separate chunks", async () => {
  const { page } = browser;
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await browser.context.clearCookies();
  await visit(page, `${app.url}/login`);
  await page.getByRole("button", { name: AUTH.signIn }).waitFor();
  expect(scripts).toHaveLength(1);
  expect(scripts.some((s) => /StreamingPage|DashboardPage|ProjectsPage/.test(s))).toBe(false);
});

import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { type Console, openBrowser, signInThroughPage, startConsole, visit } from "./harness";

// The built console and the API reference page under their real policies in Chromium: nothing they
// do is refused, and a page of another site that frames the console gets nothing.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let attacker: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  app = await startConsole();
  browser = await openBrowser();
  // Another origin (another port) whose page frames the console's home and sign-in pages.
  attacker = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () =>
      new Response(
        `<!doctype html><iframe id="home" src="${app.url}/"></iframe><iframe id="docs" src="${app.url}/api/docs"></iframe>`,
        { headers: { "content-type": "text/html" } },
      ),
  });
});

afterAll(async () => {
  attacker?.stop(true);
  await browser?.close();
  await app?.stop();
});

/** Every policy violation the page reports, by event and by console message. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      // biome-ignore lint/suspicious/noExplicitAny: the function exposed above.
      (window as any).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

test("the console and the reference page run with no policy violation", async () => {
  const { page } = browser;
  const violations = await watchViolations(page);

  await signInThroughPage(page, app.url);
  await page.waitForURL(`${app.url}/projects`);
  await page.getByRole("complementary").waitFor();
  // A deep route loaded directly (the SPA fallback), and the dashboard with its charts.
  await visit(page, `${app.url}/users`);
  await page.getByRole("complementary").waitFor();
  await visit(page, `${app.url}/`);
  await page.waitForLoadState("networkidle");

  const docs = await visit(page, `${app.url}/api/docs`);
  expect(docs?.headers()["content-security-policy"]).toContain("'nonce-");
  await page
    .getByText("Sign in; sets the session cookie", { exact: true })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.getByText("Streaming", { exact: true }).first().click();
  await page.getByText("A project's streams and media preparations", { exact: true }).first().waitFor();
  expect(violations).toEqual([]);
}, 90_000);

test("another site cannot frame the console or its reference page", async () => {
  const { context } = browser;
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("frame-ancestors")) refused.push(m.text());
  });
  await page.goto(`http://127.0.0.1:${attacker.port}/`);
  await page.waitForLoadState("load");
  // Each framed page is replaced by the browser's error page: none of the console's content is there.
  for (const id of ["home", "docs"]) {
    const frame = await (await page.$(`#${id}`))!.contentFrame();
    const root = await frame!.$("#root, #app").catch(() => null);
    expect(root, `${id} rendered inside another site's frame`).toBeNull();
  }
  expect(refused.length).toBeGreaterThanOrEqual(2);
  await page.close();
}, 60_000);

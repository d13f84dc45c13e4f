import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Console, openBrowser, startConsole, visit } from "./harness";

// The API reference page in Chromium against the real server, as on a console without internet:
// every request the page makes, scripts and the document included, goes to the console itself.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  app = await startConsole();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return ["data:", "blob:", "about:"].includes(protocol) || hostname === "127.0.0.1";
};

test("/api/docs renders the API's paths with every request staying on 127.0.0.1", async () => {
  const { context, page } = browser;
  const requested: string[] = [];
  const problems: string[] = [];
  // Every request of the page and its workers passes here; one going elsewhere is recorded and
  // refused, so the test shows what a console without internet would see.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requested.push(url);
    return isLocal(url) ? route.continue() : route.abort();
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));

  const res = await visit(page, `${app.url}/api/docs`);
  expect(res?.status()).toBe(200);
  const shows = (text: string) =>
    page
      .getByText(text, { exact: true })
      .first()
      .waitFor({ state: "visible", timeout: 30_000 })
      .catch((err) => {
        throw new Error(`"${text}" not shown (${err}); the page requested: ${requested.join(", ")}`);
      });
  await shows("Stream Console API");
  await shows("Sign in; sets the session cookie");
  // A closed group opens on a click and lists its paths.
  await page.getByText("Streaming", { exact: true }).first().click();
  await shows("Start a stream of a media file or a playlist on this destination");
  await shows("A project's streams and media preparations");
  expect(requested).toContain(`${app.url}/api/openapi.json`);
  expect(requested).toContain(`${app.url}/api/docs/scalar.js`);
  expect(requested.filter((u) => !isLocal(u))).toEqual([]);
  expect(problems).toEqual([]);
}, 60_000);

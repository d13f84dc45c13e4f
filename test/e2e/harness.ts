import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { ADMIN, spawnServer } from "../support/server-process";

export { ADMIN };

export interface Console {
  url: string;
  dataDir: string;
  proc: Subprocess;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` does (the client is built by the setup script before the
 * tests), on its own port and data directory, and waits for /api/health.
 */
export async function startConsole(env: Record<string, string> = {}): Promise<Console> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-e2e-"));
  const { url, proc } = await spawnServer(["bun", "--max-http-header-size=65536", "server/main.ts"], {
    dataDir,
    env,
    readyMs: 20_000,
  });
  return {
    url,
    dataDir,
    proc,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function openBrowser(): Promise<{
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "console-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1400, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * page.goto that survives Chromium's net::ERR_ABORTED, which it reports when a full navigation
 * crosses a client-side one still settling (a lazy screen's redirect, a history update): the page is
 * fine, the first request was just superseded.
 */
export async function visit(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.goto(url);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes("ERR_ABORTED")) throw err;
      await page.waitForLoadState("load").catch(() => {});
    }
  }
}

/** Signs in through the real sign-in page. */
export async function signInThroughPage(
  page: Page,
  url: string,
  email = ADMIN.email,
  password = ADMIN.password,
) {
  await visit(page, `${url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

export const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

/** Puts an organization with one project straight into the console's database; returns the project id. */
export function seedProject(app: Console, orgSlug: string, projectName: string): number {
  const db = new Database(join(app.dataDir, "console.db"));
  try {
    const org = db
      .query("INSERT INTO organizations (name, slug) VALUES ('Studio', ?) RETURNING id")
      .get(orgSlug) as { id: number };
    const project = db
      .query("INSERT INTO projects (name, org_id) VALUES (?, ?) RETURNING id")
      .get(projectName, org.id) as { id: number };
    return project.id;
  } finally {
    db.close();
  }
}

/** Uploads a video file to a project through the API, as the signed-in page; returns the media row. */
export async function uploadVideo(
  page: Page,
  url: string,
  projectId: number,
  name: string,
  file: string,
): Promise<{ id: number }> {
  const res = await page.request.post(`${url}/api/media/upload`, {
    multipart: {
      projectId: String(projectId),
      media: { name, mimeType: "video/mp4", buffer: readFileSync(file) },
    },
  });
  expect(res.status()).toBe(201);
  return await res.json();
}

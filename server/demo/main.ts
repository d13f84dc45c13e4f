import { createDeps } from "@server/deps";
import { seedIfEmpty } from "@server/features/users/seed";
import { startServer } from "@server/main";
import { loadEnv } from "@server/platform/env";
import { startFakeSteamServer } from "@test/fakes/steam/server";
import { DEMO_PASSWORD, DEMO_USERS, SALES_DAYS, seedDemo } from "./seed";
import { startStorePageDemo } from "./store-page";

// `npm run demo`: a fake of Steam's endpoints on loopback (the same fake the tests use), demo data
// seeded into ./data-demo, then the real console pointed at the fake. Works without internet.

const DEMO_PARTNER_KEY = "demo-financial-api-key";
const ADMIN = { email: "admin@demo.studio", password: "demo-admin" };

const steam = startFakeSteamServer({
  salesDays: SALES_DAYS,
  // A year of wishlists, so the balance line has a history to climb.
  wishlistDays: 365,
  partnerKey: DEMO_PARTNER_KEY,
  port: Number(process.env.DEMO_STEAM_PORT ?? 0),
});

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...process.env,
    DATA_DIR: process.env.DATA_DIR || "./data-demo",
    // Always the fake: the demo must never reach (or need) the real Steam.
    ...steam.env,
    STEAM_WEB_API_KEY: "",
    STEAM_PARTNER_API_KEY: DEMO_PARTNER_KEY,
  });
} catch (err) {
  console.error((err as Error).message);
  steam.stop();
  process.exit(1);
}

console.log(`[demo] fake Steam listening on ${steam.url}`);
const seedDeps = createDeps(env);
const admin = await seedIfEmpty(seedDeps.db, {
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
});
const started = performance.now();
const seeded = await seedDemo(seedDeps);
await seedDeps.closeDb();
console.log(
  `[demo] seeded in ${Math.round(performance.now() - started)} ms: ${seeded.projects.length} projects, ` +
    `${seeded.samples} new player samples, ${seeded.salesRows} sales line items over ${seeded.salesDates} dates, ` +
    `${seeded.wishlistDays} wishlist days` +
    (seeded.videoMade ? ", a 12 s trailer" : ""),
);

const { server, background, shutdown, deps } = await startServer(env);
// Five Steam destinations streaming to a local nginx-rtmp, so every store-page state is on screen.
await startStorePageDemo(deps, steam.fake, (line) => console.log(line));
// The sampler's first tick is STEAM_SAMPLE_MINUTES away: take one now so "current" is current.
void background.players.runOnce();
const host = env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST;
const adminLine = admin.seeded
  ? `${env.ADMIN_EMAIL} / ${admin.generatedPassword ?? env.ADMIN_PASSWORD}`
  : `${env.ADMIN_EMAIL} (password as set on first run; default ${ADMIN.password})`;
console.log(`
  Demo console:  http://${host}:${server.port}
  Data dir:      ${env.DATA_DIR}
  Admin:         ${adminLine}
${DEMO_USERS.map((u) => `  ${u.role === "manager" ? "Manager:  " : "Developer:"}     ${u.email} / ${DEMO_PASSWORD}`).join("\n")}
  Projects:      ${seeded.projects.map((p) => `${p.name} (app ${p.appId}, /projects/${p.id}/analytics)`).join(", ")}
`);

const stop = (signal: string) => {
  steam.stop();
  void shutdown(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

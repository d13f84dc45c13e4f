import { createApp } from "./app";
import { seedIfEmpty } from "./db/seed";
import { createDeps } from "./deps";
import { loadEnv } from "./env";

// Boot: env, db (migrations run on open), seed, HTTP. Graceful shutdown closes what boot opened.
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const started = performance.now();
  const deps = createDeps(env);
  const seed = await seedIfEmpty(deps.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD });
  if (seed.seeded) {
    console.log(`Seeded admin ${seed.adminEmail}`);
    if (seed.generatedPassword)
      console.log(`Generated admin password (shown once): ${seed.generatedPassword}`);
  }
  const app = createApp(deps);
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    fetch: app.fetch,
    // Uploads are streamed and limited by the media service; the default 128 MiB would cut them off.
    maxRequestBodySize: env.MAX_UPLOAD_BYTES + 1024 * 1024,
    idleTimeout: 120,
  });
  const ms = Math.round(performance.now() - started);
  console.log(`Console listening on http://${server.hostname}:${server.port} (ready in ${ms} ms)`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await server.stop();
    deps.sqlite.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();

import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { DOCS_BUNDLE_IN_DIST, installedDocsBundle } from "@server/platform/openapi/docs-bundle";

// Production build: React's production bundle (NODE_ENV), absolute asset URLs so deep routes
// served by the SPA fallback still find them, and split chunks for lazily loaded screens.
const outdir = join(import.meta.dir, "dist");
rmSync(outdir, { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [join(import.meta.dir, "index.html")],
  outdir,
  target: "browser",
  splitting: true,
  minify: true,
  sourcemap: "none",
  publicPath: "/",
  naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
// The API reference page's script, a dev dependency: copied beside the client, so the production
// install does without the package and its ~250 dependencies.
const docsBundle = installedDocsBundle();
if (!docsBundle) {
  console.error("@scalar/api-reference is not installed: run `bun install` first.");
  process.exit(1);
}
mkdirSync(dirname(join(outdir, DOCS_BUNDLE_IN_DIST)), { recursive: true });
copyFileSync(docsBundle, join(outdir, DOCS_BUNDLE_IN_DIST));
const total = result.outputs.reduce((n, o) => n + o.size, 0);
console.log(`client built: ${result.outputs.length} files, ${(total / 1024).toFixed(0)} KB`);

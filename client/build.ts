import { rmSync } from "node:fs";
import { join } from "node:path";

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
const total = result.outputs.reduce((n, o) => n + o.size, 0);
console.log(`client built: ${result.outputs.length} files, ${(total / 1024).toFixed(0)} KB`);

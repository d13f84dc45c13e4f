/**
 * The dependency rules of the code base, checked by `npm test` (and on their own with
 * `bun run check:deps`). Paths are relative to the repository root.
 *
 * Layers, from the bottom up: shared/ (schemas, messages, permissions; used by both sides),
 * server/platform/ (db, http, process, events, jobs, metrics, log, backup: knows no feature),
 * server/features/<feature>/ (one folder per thing the product does; other folders reach a
 * feature only through its index.ts), and the composition root (server/app.ts, server/main.ts,
 * server/deps.ts, server/api/, server/demo/) that wires the features together.
 *
 * Type-only imports count everywhere: a type that goes round in a circle still ties the two files
 * together, and the client may import the server's types (the tRPC router's) but no code.
 */
const ROOT = "^server/(app|main|deps|keeper|last-resort)\\.ts$|^server/(api|demo|tools)/";
/** The composition root less server/deps.ts, whose AppDeps type every service takes. */
const ROOT_BUT_DEPS = "^server/(app|main|keeper|last-resort)\\.ts$|^server/(api|demo|tools)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Two modules that import each other (directly or round a longer circle), type-only imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-imports-no-feature",
      severity: "error",
      comment:
        "The platform layer serves every feature, so it cannot know any of them: inject what it needs.",
      from: { path: "^server/platform/" },
      to: { path: "^server/features/" },
    },
    {
      name: "platform-imports-no-composition-root",
      severity: "error",
      comment:
        "The platform layer sits below the composition root; the root passes in what the platform needs.",
      from: { path: "^server/platform/" },
      to: { path: ROOT },
    },
    {
      name: "features-import-no-composition-root",
      severity: "error",
      comment: "A feature is wired by the composition root, never the other way round.",
      from: { path: "^server/features/" },
      to: { path: ROOT_BUT_DEPS },
    },
    {
      name: "features-take-app-deps-as-a-type",
      severity: "error",
      comment: "Services take the AppDeps type; only the composition root builds it.",
      from: { path: "^server/features/" },
      to: { path: "^server/deps\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "feature-through-its-index",
      severity: "error",
      comment:
        "Another feature is reached only through its public index.ts; its files and sub-folders are its own.",
      from: { path: "^server/features/([^/]+)/" },
      to: {
        path: "^server/features/[^/]+/",
        pathNot: ["^server/features/$1/", "^server/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "shared-imports-neither-side",
      severity: "error",
      comment: "shared/ is used by the server and the client alike, so it imports neither.",
      from: { path: "^shared/" },
      to: { path: "^(server|client)/" },
    },
    {
      name: "client-imports-server-types-only",
      severity: "error",
      comment:
        "The browser bundle may take the server's types (the tRPC router's), never its code. The build scripts (client/build.ts, client/dev.ts) run on the server side and are not bundled.",
      from: { path: "^client/", pathNot: "^client/(build|dev)\\.ts$" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-imports-no-client",
      severity: "error",
      comment: "The server serves the built client; it never imports its modules.",
      from: { path: "^server/" },
      to: { path: "^client/" },
    },
    {
      name: "relative-imports-stay-in-their-folder",
      severity: "error",
      comment:
        "One import style: `./x` within a folder, an alias (@server/*, @shared/*, @client/*, @test/*) across folders, never `../`.",
      from: { path: "^(.+/)[^/]+$" },
      to: { dependencyTypes: ["local"], pathNot: "^$1" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import the resolver cannot find is a typo or a missing package.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|client/dist|data)/" },
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

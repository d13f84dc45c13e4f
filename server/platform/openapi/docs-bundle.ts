import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// The reference page's script: Scalar's standalone browser bundle. It is a build-time dependency:
// the client build copies it into the client's dist, so the production install does without the
// ~250 packages the package itself brings; a development checkout serves it from node_modules.

/** Where the client build puts the bundle, inside the client's dist directory. */
export const DOCS_BUNDLE_IN_DIST = join("vendor", "scalar-api-reference.js");

/** The installed package's bundle, or null where dev dependencies are not installed. */
export function installedDocsBundle(): string | null {
  try {
    // The package exports no path to its browser bundle; it sits beside the entry point in dist/.
    const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
    const bundle = join(dirname(entry), "browser", "standalone.js");
    return existsSync(bundle) ? bundle : null;
  } catch {
    return null;
  }
}

/** The client build's output, where the app serves the client from. */
const CLIENT_DIST = join(import.meta.dir, "..", "..", "..", "client", "dist");

/** The built copy first, else the installed package's; null when neither is there. */
export function docsBundlePath(clientDir = CLIENT_DIST): string | null {
  const built = join(clientDir, DOCS_BUNDLE_IN_DIST);
  return existsSync(built) ? built : installedDocsBundle();
}

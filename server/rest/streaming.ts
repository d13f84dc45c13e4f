import type { Hono } from "hono";
import type { AppEnv } from "../http/env";

// REST adapters for this domain's documented paths; registered in rest/index.ts already.
export function streamingRest(_api: Hono<AppEnv>) {}

import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "../../server/routers/root";

export const trpc = createTRPCReact<AppRouter>();

/** The single API base: every call goes to the same origin, with cookies. */
export const API_BASE = "/api";

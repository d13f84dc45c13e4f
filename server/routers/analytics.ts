import { router } from "../trpc/init";

// Filled in by its issue; registered in root.ts already.
export const analyticsRouter = router({});

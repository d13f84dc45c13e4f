import type { sessionUserAnswer } from "@shared/schemas/answers-projects";
import type { z } from "zod";

/** The signed-in user as the client receives it. Never carries a hash or a session id. */
export type SessionUser = z.infer<typeof sessionUserAnswer>;

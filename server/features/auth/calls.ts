import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import { sessionUserAnswer } from "@shared/schemas/answers-projects";
import { changeEmailInput, changeNameInput, changePasswordInput, loginInput } from "@shared/schemas/auth";
import * as auth from "./auth";

// Signing in and out, and the signed-in user's own account, each call declared once. The client's
// address feeds the sign-in and re-authentication limiters.
export const authCalls = {
  login: call({
    auth: "public",
    input: loginInput,
    rest: { method: "post", path: "/auth/login" },
    doc: {
      summary: "Sign in; sets the session cookie",
      answer: { description: "The signed-in user.", schema: sessionUserAnswer },
      errors: [429],
    },
    handler: async ({ deps, clientAddress, cookies }, input) => {
      const { user, token, session } = await auth.login(deps, input, clientAddress);
      cookies.setSession(token, session.expiresAt);
      return user;
    },
  }),
  logout: call({
    auth: "public",
    rest: { method: "post", path: "/auth/logout" },
    doc: {
      summary: "Sign out; clears the session cookie",
      answer: { description: "Always succeeds.", schema: successAnswer },
    },
    handler: async ({ deps, session, cookies }) => {
      if (session) await auth.logout(deps, session.id);
      cookies.clearSession();
      return { success: true as const };
    },
  }),
  /** tRPC answers null to a caller not signed in, which the client's guard reads; REST answers 401. */
  me: call({
    auth: "public",
    rest: { method: "get", path: "/auth/me", auth: "user" },
    doc: {
      summary: "The signed-in user",
      answer: { description: "The signed-in user.", schema: sessionUserAnswer },
    },
    handler: ({ user }) => user,
  }),
  changeName: call({
    auth: "user",
    input: changeNameInput,
    rest: { method: "post", path: "/auth/change-name" },
    doc: {
      summary: "Change one's own name",
      answer: { description: "The user with the new name.", schema: sessionUserAnswer },
    },
    handler: ({ deps, user }, input) => auth.changeName(deps, user, input),
  }),
  changeEmail: call({
    auth: "user",
    input: changeEmailInput,
    rest: { method: "post", path: "/auth/change-email" },
    doc: {
      summary: "Change one's own email (needs the current password)",
      answer: { description: "The user with the new email." },
      errors: [409, 429],
    },
    handler: ({ deps, user, clientAddress }, input) => auth.changeEmail(deps, user, clientAddress, input),
  }),
  changePassword: call({
    auth: "user",
    input: changePasswordInput,
    rest: { method: "post", path: "/auth/change-password" },
    doc: {
      summary: "Change one's own password; ends the user's other sessions",
      answer: { description: "`{ success: true }` and a message." },
      errors: [429],
    },
    handler: ({ deps, user, session, clientAddress }, input) =>
      auth.changePassword(deps, user, session.id, clientAddress, input),
  }),
};

export const authRouter = trpcRouter(authCalls);
export const authRest = restRoutes(authCalls);
export const sessionArea = apiArea(
  "Session",
  "Sign in and out, and change one's own account.",
  openApiRoutes(authCalls),
);

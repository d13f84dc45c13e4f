import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import {
  adminChangeEmailInput,
  createUserInput,
  listUsersInput,
  resetPasswordInput,
  setUserActiveInput,
  updateUserProfileInput,
  userIdInput,
} from "@shared/schemas/users";
import * as users from "./users";

// The user accounts' calls, each declared once. Who may manage whom is decided in the service, so
// REST and tRPC refuse alike.
export const userCalls = {
  list: call({
    auth: "user",
    input: listUsersInput,
    rest: { method: "get", path: "/users" },
    doc: {
      summary: "List users, optionally by search text and role",
      answer: { description: "Users, never with password hashes." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => users.listUsers(deps, user, input),
  }),
  create: call({
    auth: "user",
    input: createUserInput,
    rest: { method: "post", path: "/users" },
    doc: {
      summary: "Create a user",
      answer: { status: 201, description: "The new user." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => users.createUser(deps, user, input),
  }),
  /** For the User Details dialog. */
  get: call({
    auth: "user",
    input: userIdInput,
    rest: { method: "get", path: "/users/:id", params: { id: "id" } },
    doc: {
      summary: "One user, with the projects they created",
      answer: { description: "The user's details." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => users.getUser(deps, user, input.id),
  }),
  updateProfile: call({
    auth: "user",
    input: updateUserProfileInput,
    rest: { method: "put", path: "/users/:id/profile", params: { id: "id" } },
    doc: {
      summary: "Change a user's name, role or organization",
      answer: { description: "The user." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => users.updateUserProfile(deps, user, input),
  }),
  resetPassword: call({
    auth: "user",
    input: resetPasswordInput,
    rest: { method: "post", path: "/users/:id/reset-password", params: { id: "id" } },
    doc: {
      summary: "Set a user's password; ends their sessions and revokes their API tokens",
      answer: { description: "`{ success: true }` and a message." },
      errors: [403],
    },
    handler: ({ deps, user, session }, input) => users.resetPassword(deps, user, session.id, input),
  }),
  changeEmail: call({
    auth: "user",
    input: adminChangeEmailInput,
    rest: { method: "post", path: "/users/:id/change-email", params: { id: "id" } },
    doc: {
      summary: "Change a user's email",
      answer: { description: "The user." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => users.changeUserEmail(deps, user, input),
  }),
  setActive: call({
    auth: "user",
    input: setUserActiveInput,
    rest: { method: "put", path: "/users/:id", params: { id: "id" } },
    doc: {
      summary: "Activate or deactivate a user (deactivation ends their sessions and tokens)",
      answer: { description: "The user." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => users.setUserActive(deps, user, input),
  }),
  delete: call({
    auth: "user",
    input: userIdInput,
    rest: { method: "delete", path: "/users/:id", params: { id: "id" } },
    doc: {
      summary: "Delete a user; their projects stay",
      answer: { description: "`{ success: true }`." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => users.deleteUser(deps, user, input.id),
  }),
};

export const usersRouter = trpcRouter(userCalls);
export const usersRest = restRoutes(userCalls);
export const usersArea = apiArea("Users", "User accounts (admins and managers).", openApiRoutes(userCalls));

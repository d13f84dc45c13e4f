import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, queryParams, requireUser } from "@server/platform/http/request";
import {
  adminChangeEmailBody,
  createUserInput,
  listUsersInput,
  resetPasswordBody,
  setUserActiveBody,
  updateUserProfileBody,
} from "@shared/schemas/users";
import type { Hono } from "hono";
import * as users from "./users";

// The /users calls, plus GET /users/{id} for the User Details dialog.
export function usersRest(api: Hono<AppEnv>) {
  api.get("/users", (c) => {
    const { user } = requireUser(c);
    return c.json(users.listUsers(c.var.deps, user, queryParams(c, listUsersInput)));
  });
  api.post("/users", async (c) => {
    const { user } = requireUser(c);
    return c.json(await users.createUser(c.var.deps, user, await jsonBody(c, createUserInput)), 201);
  });
  api.get("/users/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(users.getUser(c.var.deps, user, idParam(c)));
  });
  api.put("/users/:id/profile", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, updateUserProfileBody);
    return c.json(users.updateUserProfile(c.var.deps, user, { id, ...body }));
  });
  api.post("/users/:id/reset-password", async (c) => {
    const { user, session } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, resetPasswordBody);
    return c.json(await users.resetPassword(c.var.deps, user, session.id, { id, ...body }));
  });
  api.post("/users/:id/change-email", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, adminChangeEmailBody);
    return c.json(users.changeUserEmail(c.var.deps, user, { id, ...body }));
  });
  api.put("/users/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, setUserActiveBody);
    return c.json(users.setUserActive(c.var.deps, user, { id, ...body }));
  });
  api.delete("/users/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(users.deleteUser(c.var.deps, user, idParam(c)));
  });
}

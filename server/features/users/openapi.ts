import { apiArea } from "@server/platform/openapi/registry";
import {
  listOrganizationsInput,
  organizationBody,
  organizationUpdateBody,
} from "@shared/schemas/organizations";
import {
  adminChangeEmailBody,
  createUserInput,
  listUsersInput,
  resetPasswordBody,
  setUserActiveBody,
  updateUserProfileBody,
} from "@shared/schemas/users";

export const organizationsArea = apiArea("Organizations", "Organizations (admins manage them).", [
  {
    method: "get",
    path: "/organizations",
    summary: "List organizations, optionally filtered by name",
    query: listOrganizationsInput,
    answer: { description: "Organizations with their user and project counts." },
    errors: [403],
  },
  {
    method: "post",
    path: "/organizations",
    summary: "Create an organization",
    body: organizationBody,
    answer: { status: 201, description: "The new organization." },
    errors: [403, 409],
  },
  {
    method: "put",
    path: "/organizations/:id",
    summary: "Rename an organization",
    body: organizationUpdateBody,
    answer: { description: "The organization." },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/organizations/:id",
    summary: "Delete an empty organization",
    answer: { description: "`{ success: true }`." },
    errors: [403, 409],
  },
]);

export const usersArea = apiArea("Users", "User accounts (admins and managers).", [
  {
    method: "get",
    path: "/users",
    summary: "List users, optionally by search text and role",
    query: listUsersInput,
    answer: { description: "Users, never with password hashes." },
    errors: [403],
  },
  {
    method: "post",
    path: "/users",
    summary: "Create a user",
    body: createUserInput,
    answer: { status: 201, description: "The new user." },
    errors: [403, 409],
  },
  {
    method: "get",
    path: "/users/:id",
    summary: "One user, with the projects they created",
    answer: { description: "The user's details." },
    errors: [403],
  },
  {
    method: "put",
    path: "/users/:id/profile",
    summary: "Change a user's name, role or organization",
    body: updateUserProfileBody,
    answer: { description: "The user." },
    errors: [403],
  },
  {
    method: "post",
    path: "/users/:id/reset-password",
    summary: "Set a user's password; ends their sessions and revokes their API tokens",
    body: resetPasswordBody,
    answer: { description: "`{ success: true }` and a message." },
    errors: [403],
  },
  {
    method: "post",
    path: "/users/:id/change-email",
    summary: "Change a user's email",
    body: adminChangeEmailBody,
    answer: { description: "The user." },
    errors: [403, 409],
  },
  {
    method: "put",
    path: "/users/:id",
    summary: "Activate or deactivate a user (deactivation ends their sessions and tokens)",
    body: setUserActiveBody,
    answer: { description: "The user." },
    errors: [403],
  },
  {
    method: "delete",
    path: "/users/:id",
    summary: "Delete a user; their projects stay",
    answer: { description: "`{ success: true }`." },
    errors: [403],
  },
]);

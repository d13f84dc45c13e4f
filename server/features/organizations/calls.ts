import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import {
  createOrganizationInput,
  listOrganizationsInput,
  organizationIdInput,
  updateOrganizationInput,
} from "@shared/schemas/organizations";
import * as organizations from "./organizations";

// The organizations' calls, each declared once. Admin only: the rule lives in the service, so REST
// and tRPC refuse alike.
export const organizationCalls = {
  list: call({
    auth: "user",
    input: listOrganizationsInput,
    rest: { method: "get", path: "/organizations" },
    doc: {
      summary: "List organizations, optionally filtered by name",
      answer: { description: "Organizations with their user and project counts." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => organizations.listOrganizations(deps, user, input),
  }),
  create: call({
    auth: "user",
    input: createOrganizationInput,
    rest: { method: "post", path: "/organizations" },
    doc: {
      summary: "Create an organization",
      answer: { status: 201, description: "The new organization." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => organizations.createOrganization(deps, user, input),
  }),
  update: call({
    auth: "user",
    input: updateOrganizationInput,
    rest: { method: "put", path: "/organizations/:id", params: { id: "id" } },
    doc: {
      summary: "Rename an organization",
      answer: { description: "The organization." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => organizations.updateOrganization(deps, user, input),
  }),
  delete: call({
    auth: "user",
    input: organizationIdInput,
    rest: { method: "delete", path: "/organizations/:id", params: { id: "id" } },
    doc: {
      summary: "Delete an empty organization",
      answer: { description: "`{ success: true }`." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => organizations.deleteOrganization(deps, user, input.id),
  }),
};

export const organizationsRouter = trpcRouter(organizationCalls);
export const organizationsRest = restRoutes(organizationCalls);
export const organizationsArea = apiArea(
  "Organizations",
  "Organizations (admins manage them).",
  openApiRoutes(organizationCalls),
);

import { COMMON } from "@shared/messages/common";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { z } from "zod";
import { idSchema } from "./ids";
import { safeName } from "./names";

export const ORG_NAME_MAX = 100;
export const SEARCH_MAX = 100;

export const organizationNameSchema = safeName(
  z
    .string(ORGANIZATIONS.nameRequired)
    .trim()
    .min(1, ORGANIZATIONS.nameRequired)
    .max(ORG_NAME_MAX, ORGANIZATIONS.nameTooLong),
);

/** A search box's text; "" means no filter. */
export const searchSchema = z.string().trim().max(SEARCH_MAX, COMMON.searchTooLong).optional();

export const listOrganizationsInput = z.object({ search: searchSchema }).optional();

const isActiveSchema = z.boolean(COMMON.notBoolean("is_active"));

export const organizationBody = z.object({
  name: organizationNameSchema,
  is_active: isActiveSchema.optional().default(true),
});
export const createOrganizationInput = organizationBody;
/** Left out, is_active keeps its value: an update that only renames must not reactivate. */
export const organizationUpdateBody = z.object({
  name: organizationNameSchema,
  is_active: isActiveSchema.optional(),
});
export const updateOrganizationInput = organizationUpdateBody.extend({ id: idSchema });
export const organizationIdInput = z.object({ id: idSchema });

import { COMMON } from "@shared/messages/common";
import { PROJECTS } from "@shared/messages/projects";
import { USERS } from "@shared/messages/users";
import { ROLES } from "@shared/roles";
import { z } from "zod";
import { emailSchema, newPasswordSchema, personNameSchema } from "./auth";
import { idSchema } from "./ids";
import { searchSchema } from "./organizations";
import { formIdSchema } from "./projects";

export const roleSchema = z.enum(ROLES, USERS.roleInvalid);

/** A user's organization: an id (number or digit string from a select) or none ("" or null). */
export const userOrgSchema = z
  .union([z.null(), z.literal(""), formIdSchema(PROJECTS.organizationNotFound)])
  .transform((v) => (v === "" ? null : v));

/** GET /users?search=&role= : "" or absent role means all roles. */
export const listUsersInput = z
  .object({
    search: searchSchema,
    role: z.union([z.literal(""), roleSchema], USERS.roleInvalid).optional(),
  })
  .optional();

export const createUserInput = z.object({
  email: emailSchema,
  name: personNameSchema,
  role: roleSchema.optional().default("developer"),
  password: newPasswordSchema,
  is_active: z.boolean(COMMON.notBoolean("is_active")).optional().default(true),
  org_id: userOrgSchema.optional().transform((v) => v ?? null),
});

export const updateUserProfileBody = z.object({
  name: personNameSchema,
  email: emailSchema,
  role: roleSchema,
  is_active: z.boolean(COMMON.notBoolean("is_active")),
  /** Absent keeps the current organization; null or "" removes it. */
  org_id: userOrgSchema.optional(),
});
export const updateUserProfileInput = updateUserProfileBody.extend({ id: idSchema });

export const resetPasswordBody = z.object({ newPassword: newPasswordSchema });
export const resetPasswordInput = resetPasswordBody.extend({ id: idSchema });

export const adminChangeEmailBody = z.object({ newEmail: emailSchema });
export const adminChangeEmailInput = adminChangeEmailBody.extend({ id: idSchema });

export const setUserActiveBody = z.object({ is_active: z.boolean(COMMON.notBoolean("is_active")) });
export const setUserActiveInput = setUserActiveBody.extend({ id: idSchema });

export const userIdInput = z.object({ id: idSchema });

export type ListUsersInput = z.infer<typeof listUsersInput>;
export type CreateUserInput = z.infer<typeof createUserInput>;
export type UpdateUserProfileInput = z.infer<typeof updateUserProfileInput>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
export type AdminChangeEmailInput = z.infer<typeof adminChangeEmailInput>;
export type SetUserActiveInput = z.infer<typeof setUserActiveInput>;

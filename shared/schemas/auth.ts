import { EMAIL_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX } from "@shared/limits";
import { AUTH } from "@shared/messages/auth";
import { z } from "zod";
import { safeName } from "./names";

// One schema serves the procedure, the REST adapter and the client form.
export const emailSchema = z
  .string(AUTH.emailRequired)
  .trim()
  .min(1, AUTH.emailRequired)
  .max(EMAIL_MAX, AUTH.emailInvalid)
  .pipe(z.email(AUTH.emailInvalid));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, AUTH.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

export const personNameSchema = safeName(
  z
    .string()
    .trim()
    .min(1, AUTH.nameEmpty)
    .min(NAME_MIN, AUTH.nameTooShort)
    .max(USER_NAME_MAX, `Name must be at most ${USER_NAME_MAX} characters long`),
);

export const loginInput = z.object({
  email: z.string().trim().min(1, AUTH.emailRequired).max(EMAIL_MAX),
  password: z.string().min(1, AUTH.passwordRequired).max(PASSWORD_MAX),
});

export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, AUTH.currentPasswordRequired).max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
});

export const changeEmailInput = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, AUTH.passwordRequired).max(PASSWORD_MAX),
});

export const changeNameInput = z.object({ newName: personNameSchema });

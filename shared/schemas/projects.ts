import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@shared/limits";
import { PROJECTS } from "@shared/messages/projects";
import { z } from "zod";
import { idSchema } from "./ids";
import { safeName } from "./names";

// One schema serves the procedure, the REST adapter and the client form.
export const URL_MAX = 2048;

/**
 * An id as a form's <select> gives it: a number, or a string of digits as the form sends org_id.
 * Anything else, including "" (the 'Select an organization' option), fails with the given message.
 */
export const formIdSchema = (message: string) =>
  z.union(
    [
      idSchema,
      z
        .string(message)
        .regex(/^[1-9]\d{0,14}$/, message)
        .transform(Number),
    ],
    message,
  );

export const projectNameSchema = safeName(
  z
    .string(PROJECTS.nameRequired)
    .trim()
    .min(1, PROJECTS.nameRequired)
    .max(PROJECT_NAME_MAX, PROJECTS.nameTooLong),
);

export const projectDescriptionSchema = z
  .string()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, PROJECTS.descriptionTooLong);

/** Optional: "" or null means none. Only http(s), so a stored URL is always safe to render as a link. */
export const projectUrlSchema = z
  .union([
    z.null(),
    z
      .string(PROJECTS.urlInvalid)
      .trim()
      .max(URL_MAX, PROJECTS.urlInvalid)
      .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, message: PROJECTS.urlInvalid })])),
  ])
  .transform((v) => (v ? v : null));

export const createProjectInput = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema.optional().default(""),
  url: projectUrlSchema.optional().transform((v) => v ?? null),
  org_id: formIdSchema(PROJECTS.organizationRequired),
});

/** PUT /projects/{id}: name and description (an absent description is left as it is). */
export const updateProjectBody = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema.optional(),
});
export const updateProjectInput = updateProjectBody.extend({ id: idSchema });

export const projectIdInput = z.object({ id: idSchema });

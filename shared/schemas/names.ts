import { COMMON } from "@shared/messages/common";
import type { z } from "zod";

/**
 * C0 and C1 control characters (NUL, escape, line breaks...), and the bidi embeddings, overrides and
 * isolates that make a name display in another order than it reads (U+202A-202E, U+2066-2069).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const hasUnsafeNameChars = (value: string) => value.search(UNSAFE_NAME_CHARS) !== -1;

/** For names that arrive from elsewhere (an uploaded file's name): the same characters, removed. */
export const stripUnsafeNameChars = (value: string) => value.replace(UNSAFE_NAME_CHARS, "");

/** Every name a person gives something (user, organization, project, destination, media) passes this. */
export const safeName = <S extends z.ZodString>(schema: S) =>
  schema.refine((v) => !hasUnsafeNameChars(v), COMMON.invalidCharacters);

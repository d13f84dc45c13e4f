// A compile-time check that an answer schema and the answer's TypeScript type describe the same
// shape, so the published document cannot drift from what the services build.
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Fails to compile unless its type argument is `true`: `sameShape<Same<z.infer<typeof s>, T>>()`. */
export const sameShape = <_T extends true>() => undefined;

// argon2id through Bun's built-in hasher; no native addon to build.
export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash);

// Verified against when the email is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  return dummyHash;
};

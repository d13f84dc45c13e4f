import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { hashPassword } from "@server/features/auth";
import type { Db } from "@server/platform/db/client";
import { organizations, users } from "@server/platform/db/schema";
import { count } from "drizzle-orm";

export interface SeedResult {
  seeded: boolean;
  adminEmail?: string;
  /** Set only when the password was generated, so main can print it once. */
  generatedPassword?: string;
}

/** On an empty database: one organization and one admin. Otherwise does nothing. */
export async function seedIfEmpty(
  db: Db,
  opts: { adminEmail: string; adminPassword?: string },
): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };
  const generated = opts.adminPassword
    ? undefined
    : encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
  const passwordHash = await hashPassword(opts.adminPassword ?? generated!);
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: "Default Organization", slug: "default-organization" })
      .returning({ id: organizations.id });
    await tx.insert(users).values({
      name: "Administrator",
      email: opts.adminEmail.toLowerCase(),
      passwordHash,
      role: "admin",
      orgId: org!.id,
    });
  });
  return { seeded: true, adminEmail: opts.adminEmail, generatedPassword: generated };
}

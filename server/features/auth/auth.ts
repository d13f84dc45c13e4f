import type { AppDeps } from "@server/deps";
import { organizations, sessions, users } from "@server/platform/db/schema";
import { AppError, badRequest, conflict, forbidden, unauthorized } from "@server/platform/errors";
import { AUTH } from "@shared/messages/auth";
import type {
  changeEmailInput,
  changeNameInput,
  changePasswordInput,
  loginInput,
} from "@shared/schemas/auth";
import type { SessionUser } from "@shared/types";
import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword, timingDummyHash, verifyPassword } from "./password";
import type { Attempt, Reservation } from "./rate-limit";
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  type Session,
  validateSessionToken,
} from "./session";
import { findSessionUser, memberMaySignIn } from "./session-user";

export interface SignedIn {
  user: SessionUser;
  token: string;
  session: Session;
}

/**
 * The attempt takes its slot in the limiter before the password is checked, so concurrent guesses
 * are counted as they arrive; only a correct password gives the slot back.
 */
export async function login(
  deps: AppDeps,
  input: z.infer<typeof loginInput>,
  clientAddress: string,
): Promise<SignedIn> {
  const attempt = admitted(await deps.loginLimiter.reserve(clientAddress, input.email));
  const [row] = await deps.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      role: users.role,
      orgActive: organizations.isActive,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.email, input.email.toLowerCase()));
  // Always verify once, so unknown emails and wrong passwords take the same time and get one message.
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await timingDummyHash()));
  if (!row || !ok || !row.isActive) throw unauthorized(AUTH.invalidCredentials);
  await attempt.succeeded();
  // Told only to someone who knows the password, so it reveals nothing to a guesser.
  if (!memberMaySignIn(row.role, row.orgActive)) throw forbidden(AUTH.organizationDeactivated);
  const token = generateSessionToken();
  const session = await createSession(deps.db, token, row.id, deps.now());
  await deps.db.update(users).set({ lastLogin: deps.now() }).where(eq(users.id, row.id));
  const user = await findSessionUser(deps.db, row.id);
  if (!user) throw unauthorized(AUTH.invalidCredentials);
  return { user, token, session };
}

/** The attempt, or the limiter's refusal as a 429 with the seconds to wait. */
function admitted(reservation: Reservation): Attempt {
  if (reservation.ok) return reservation.attempt;
  const retryAfter = Math.ceil(reservation.retryAfterMs / 1000);
  throw new AppError("TOO_MANY_REQUESTS", AUTH.tooManyAttempts, { retryAfter });
}

/** Resolves a cookie token to its user; an inactive or deleted user has no session. */
export async function authenticate(
  deps: AppDeps,
  token: string,
): Promise<{ user: SessionUser; session: Session } | null> {
  const session = await validateSessionToken(deps.db, token, deps.now());
  if (!session) return null;
  const user = await findSessionUser(deps.db, session.userId);
  if (!user) {
    await invalidateSession(deps.db, session.id);
    return null;
  }
  return { user, session };
}

export async function logout(deps: AppDeps, sessionId: string): Promise<void> {
  await invalidateSession(deps.db, sessionId);
}

/**
 * A signed-in user proving the password again. It shares the sign-in limiter, so a stolen cookie or
 * token gets no more guesses than a stranger at the sign-in form: a wrong password counts against
 * the account, and once it is limited even the right one waits for the window to pass.
 */
async function checkPassword(
  deps: AppDeps,
  user: SessionUser,
  clientAddress: string,
  password: string,
  message: string,
) {
  const attempt = admitted(
    await deps.loginLimiter.reserveReauthentication(clientAddress, user.email, String(user.id)),
  );
  const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(password, row.hash))) throw badRequest(message);
  await attempt.succeeded();
}

export async function changeName(deps: AppDeps, user: SessionUser, input: z.infer<typeof changeNameInput>) {
  await deps.db.update(users).set({ name: input.newName }).where(eq(users.id, user.id));
  return {
    success: true as const,
    message: AUTH.nameChanged,
    user: (await findSessionUser(deps.db, user.id))!,
  };
}

export async function changeEmail(
  deps: AppDeps,
  user: SessionUser,
  clientAddress: string,
  input: z.infer<typeof changeEmailInput>,
) {
  await checkPassword(deps, user, clientAddress, input.password, AUTH.wrongPassword);
  const email = input.newEmail.toLowerCase();
  // Checked and written in one transaction; on PostgreSQL the unique email is the last word.
  await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, user.id)))
      .limit(1);
    if (taken) throw conflict(AUTH.emailTaken);
    await tx.update(users).set({ email }).where(eq(users.id, user.id));
  });
  return {
    success: true as const,
    message: AUTH.emailChanged,
    user: (await findSessionUser(deps.db, user.id))!,
  };
}

/** Changing the password ends every other session of the user; the current one stays. */
export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  currentSessionId: string,
  clientAddress: string,
  input: z.infer<typeof changePasswordInput>,
) {
  await checkPassword(deps, user, clientAddress, input.currentPassword, AUTH.wrongCurrentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)));
  });
  return { success: true as const, message: AUTH.passwordChanged };
}

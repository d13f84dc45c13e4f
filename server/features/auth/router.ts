import { router } from "@server/platform/trpc/init";
import { protectedProcedure, publicProcedure } from "@server/platform/trpc/procedures";
import { changeEmailInput, changeNameInput, changePasswordInput, loginInput } from "@shared/schemas/auth";
import * as auth from "./auth";

export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, token, session } = await auth.login(ctx.deps, input, ctx.clientAddress);
    ctx.cookies.setSession(token, session.expiresAt);
    return user;
  }),
  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) auth.logout(ctx.deps, ctx.session.id);
    ctx.cookies.clearSession();
    return { success: true as const };
  }),
  /** The signed-in user, or null: the client's guard decides what to do with null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  changeName: protectedProcedure
    .input(changeNameInput)
    .mutation(({ ctx, input }) => auth.changeName(ctx.deps, ctx.user, input)),
  changeEmail: protectedProcedure
    .input(changeEmailInput)
    .mutation(({ ctx, input }) => auth.changeEmail(ctx.deps, ctx.user, ctx.clientAddress, input)),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) =>
      auth.changePassword(ctx.deps, ctx.user, ctx.session.id, ctx.clientAddress, input),
    ),
});

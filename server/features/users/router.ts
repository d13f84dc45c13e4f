import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  adminChangeEmailInput,
  createUserInput,
  listUsersInput,
  resetPasswordInput,
  setUserActiveInput,
  updateUserProfileInput,
  userIdInput,
} from "@shared/schemas/users";
import * as users from "./users";

// Admin only: the check lives in the service, so REST and tRPC refuse alike.
export const usersRouter = router({
  list: protectedProcedure
    .input(listUsersInput)
    .query(({ ctx, input }) => users.listUsers(ctx.deps, ctx.user, input)),
  get: protectedProcedure
    .input(userIdInput)
    .query(({ ctx, input }) => users.getUser(ctx.deps, ctx.user, input.id)),
  create: protectedProcedure
    .input(createUserInput)
    .mutation(({ ctx, input }) => users.createUser(ctx.deps, ctx.user, input)),
  updateProfile: protectedProcedure
    .input(updateUserProfileInput)
    .mutation(({ ctx, input }) => users.updateUserProfile(ctx.deps, ctx.user, input)),
  resetPassword: protectedProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => users.resetPassword(ctx.deps, ctx.user, ctx.session.id, input)),
  changeEmail: protectedProcedure
    .input(adminChangeEmailInput)
    .mutation(({ ctx, input }) => users.changeUserEmail(ctx.deps, ctx.user, input)),
  setActive: protectedProcedure
    .input(setUserActiveInput)
    .mutation(({ ctx, input }) => users.setUserActive(ctx.deps, ctx.user, input)),
  delete: protectedProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => users.deleteUser(ctx.deps, ctx.user, input.id)),
});

import { useSession } from "./session";

/** The signed-in user from the shell's session (which falls back to auth.me outside the shell). */
export function useCurrentUser() {
  const session = useSession();
  return { user: session.user, loading: session.status === "loading", setUser: session.setUser };
}

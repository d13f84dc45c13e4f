import { Spinner, Text } from "@chakra-ui/react";
import { CenteredScreen } from "@client/components/shell/CenteredScreen";
import { ConnectionErrorScreen } from "@client/components/shell/ConnectionErrorScreen";
import { SHELL } from "@client/messages/shell";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useSession } from "./session";

/** Where the sign-in page sends the user back to. */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The protected-route guard: waits, reports a dead server, or sends to /login (docs/screens.md#session). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();

  if (status === "loading") {
    return (
      <CenteredScreen>
        <Spinner size="lg" color="blue.fg" />
        <Text color="fg.muted">{SHELL.verifying}</Text>
      </CenteredScreen>
    );
  }
  if (status === "error") {
    return <ConnectionErrorScreen />;
  }
  if (status === "unauthenticated") {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

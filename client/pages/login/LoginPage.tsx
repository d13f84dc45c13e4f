import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { LoginState } from "@client/app/RequireAuth";
import { useSession } from "@client/app/session";
import { signInErrorMessage } from "@client/app/session-rules";
import { CenteredScreen } from "@client/components/shell/CenteredScreen";
import { ProductMark } from "@client/components/shell/ProductMark";
import { SHELL } from "@client/messages/shell";
import { AUTH } from "@shared/messages/auth";
import { type FormEvent, useState } from "react";
import { Navigate, useLocation } from "react-router-dom";

/** Where to go once signed in: the page the guard turned away, else the index. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from?.pathname || from.pathname === "/login") return "/";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** The sign-in page (docs/screens.md#sign-in). Part of the initial chunk: it is the first screen most visits see. */
export default function LoginPage() {
  const { status, signIn } = useSession();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === "authenticated") return <Navigate to={returnPath(location.state)} replace />;
  // A signed-in visitor is sent on as soon as the session is known: no flash of the form first.
  if (status === "loading") {
    return (
      <CenteredScreen>
        <Spinner size="lg" color="blue.fg" />
        <Text color="fg.muted">{SHELL.verifying}</Text>
      </CenteredScreen>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      // The redirect above takes over once the session holds the user.
    } catch (err) {
      setError(signInErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <CenteredScreen bgGradient="to-b" gradientFrom="blue.950/40" gradientTo="bg">
      <Stack gap="6" width="full" maxW="sm">
        <Flex direction="column" align="center" gap="3" textAlign="center">
          <ProductMark />
          <Text color="fg.muted" fontSize="sm">
            {SHELL.signInSubtitle}
          </Text>
        </Flex>
        <Card.Root variant="elevated" bg="bg.panel">
          <Card.Body>
            <Box as="form" onSubmit={submit}>
              <Stack gap="4">
                <Heading size="md">{SHELL.signInHeading}</Heading>
                {error && (
                  <Alert.Root status="error" variant="subtle">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                )}
                <Field.Root required>
                  <Field.Label>{AUTH.emailLabel}</Field.Label>
                  <Input
                    type="email"
                    name="email"
                    autoComplete="username"
                    autoFocus
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                </Field.Root>
                <Field.Root required>
                  <Field.Label>{AUTH.passwordLabel}</Field.Label>
                  <Input
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </Field.Root>
                <Button type="submit" colorPalette="blue" width="full" disabled={busy}>
                  {busy ? AUTH.signingIn : AUTH.signIn}
                </Button>
              </Stack>
            </Box>
          </Card.Body>
        </Card.Root>
      </Stack>
    </CenteredScreen>
  );
}

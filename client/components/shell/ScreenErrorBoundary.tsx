import { Box, Button, Heading } from "@chakra-ui/react";
import { SHELL } from "@client/messages/shell";
import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  /** The current path: moving elsewhere clears a failure (without remounting healthy screens). */
  resetKey: string;
}

/**
 * A screen that throws, or whose chunk fails to load (a deploy replaced it), shows this instead of
 * a blank shell.
 */
export class ScreenErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: "" };
  }

  override componentDidCatch() {
    this.setState({ failedAt: this.props.resetKey });
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.failedAt !== null && prev.resetKey !== this.props.resetKey)
      this.setState({ failedAt: null });
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <Box p={6}>
        <Heading size="lg">{SHELL.screenFailed}</Heading>
        <Button mt="4" colorPalette="blue" onClick={() => window.location.reload()}>
          {SHELL.reload}
        </Button>
      </Box>
    );
  }
}

import { Box, Button, EmptyState } from "@chakra-ui/react";
import { FolderIcon } from "@client/components/icons/common";
import { LoadFailed } from "@client/components/LoadFailed";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { Link as RouterLink } from "react-router-dom";

/** 'Project Not Found' with a way back to the projects list (docs/screens.md#project-detail). */
export function ProjectNotFound({ actionLabel }: { actionLabel: string }) {
  return (
    <EmptyState.Root py={20}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <FolderIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>{PROJECTS_UI.notFound}</EmptyState.Title>
        <EmptyState.Description>{PROJECTS_UI.notFoundHint}</EmptyState.Description>
        <Button asChild colorPalette="blue">
          <RouterLink to="/projects">{actionLabel}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A project that could not be loaded (the server failed), which is not the same as not found. */
export function ProjectLoadFailed(props: { onRetry: () => void; retrying: boolean }) {
  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <LoadFailed title={LOAD_FAILED.project} onRetry={props.onRetry} retrying={props.retrying} />
    </Box>
  );
}

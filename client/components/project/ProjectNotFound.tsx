import { Button, EmptyState } from "@chakra-ui/react";
import { FolderIcon } from "@client/components/icons/common";
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

import { Badge, Button, Card, Flex, HStack, IconButton, Text } from "@chakra-ui/react";
import { ChartIcon, SettingsIcon } from "@client/components/icons/common";
import type { ProjectRow } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { formatShortDate } from "@shared/format";
import { Link as RouterLink } from "react-router-dom";

/** One project of the projects grid. */
export function ProjectCard({ project }: { project: ProjectRow }) {
  return (
    <Card.Root
      variant="outline"
      bg="bg.panel"
      transition="border-color 0.15s, transform 0.15s"
      _hover={{ borderColor: "blue.500/60", transform: "translateY(-1px)" }}
      data-testid="project-card"
    >
      <Card.Header pb={2}>
        <Flex justify="space-between" align="start" gap={3}>
          <Card.Title fontSize="lg" lineClamp={1} title={project.name}>
            {project.name}
          </Card.Title>
          <HStack gap={1} flexShrink={0}>
            {project.steam_analytics_enabled && (
              <Badge colorPalette="purple" variant="subtle">
                {PROJECTS_UI.analytics}
              </Badge>
            )}
            {project.steam_last_sync && (
              <Badge colorPalette="green" variant="subtle">
                {PROJECTS_UI.syncedBadge}
              </Badge>
            )}
          </HStack>
        </Flex>
        <Text fontSize="sm" color="blue.300">
          {project.org_name}
        </Text>
      </Card.Header>
      <Card.Body py={2}>
        <Text color={project.description ? "fg" : "fg.subtle"} fontSize="sm" lineClamp={3} minH="3lh">
          {project.description || PROJECTS_UI.noDescription}
        </Text>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap={3} pt={2}>
        <Flex justify="space-between" fontSize="xs" color="fg.muted">
          <Text>
            {FORMS_UI.createdBy} {project.created_by_name}
          </Text>
          <Text>{formatShortDate(project.created_at)}</Text>
        </Flex>
        <Flex gap={2} align="center">
          <IconButton asChild variant="ghost" size="sm" aria-label={PROJECTS_UI.openSettings}>
            <RouterLink to={`/projects/${project.id}/settings`}>
              <SettingsIcon />
            </RouterLink>
          </IconButton>
          {project.steam_analytics_enabled && (
            <IconButton asChild variant="ghost" size="sm" aria-label={PROJECTS_UI.openAnalytics}>
              <RouterLink to={`/projects/${project.id}/analytics`}>
                <ChartIcon />
              </RouterLink>
            </IconButton>
          )}
          <Button asChild size="sm" colorPalette="blue" variant="subtle" ms="auto">
            <RouterLink to={`/projects/${project.id}`}>{PROJECTS_UI.viewProject}</RouterLink>
          </Button>
        </Flex>
      </Card.Footer>
    </Card.Root>
  );
}

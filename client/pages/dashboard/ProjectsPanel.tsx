import { Badge, Box, Button, Card, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { writeCurrentProject } from "@client/app/current-project";
import { usePermissions } from "@client/app/permissions";
import { DASHBOARD } from "@client/messages/dashboard";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { DASHBOARD_UI } from "@client/messages/streaming-ui";
import { relativeTime } from "@shared/format";
import { DASHBOARD_PROJECT_LIMIT } from "@shared/limits";
import { Link } from "react-router-dom";

export interface DashboardProject {
  id: number;
  name: string;
  org_name: string;
  description: string | null;
  media_count: number;
  destinations_count: number;
  created_at: string;
}

/** Dashboard: the first 6 projects with their counts and links to manage or stream them. */
export function ProjectsPanel({ projects }: { projects: DashboardProject[] }) {
  const shown = projects.slice(0, DASHBOARD_PROJECT_LIMIT);
  const mayCreate = usePermissions().allowed("project.create");
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" h="full">
      <Card.Header>
        <Flex justify="space-between" align="center">
          <Card.Title>{DASHBOARD.projects}</Card.Title>
          {projects.length > 0 && (
            <Button asChild size="xs" variant="ghost">
              <Link to="/projects">{DASHBOARD_UI.viewAllProjects}</Link>
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {shown.length === 0 ? (
          <Stack align="center" py="10" gap="3" textAlign="center">
            <Text color="fg.muted">{DASHBOARD.noProjects}</Text>
            {mayCreate ? (
              <Button asChild size="sm" colorPalette="green" variant="outline">
                <Link to="/projects">{DASHBOARD.createFirstProject}</Link>
              </Button>
            ) : (
              <Text fontSize="sm" color="fg.subtle">
                {PROJECTS_UI.emptyCannotCreate}
              </Text>
            )}
          </Stack>
        ) : (
          <Stack gap="3">
            {shown.map((p) => (
              <Box
                key={p.id}
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="lg"
                p="4"
                bg="bg.subtle"
                _hover={{ borderColor: "border.emphasized" }}
                data-testid={`dashboard-project-${p.id}`}
              >
                <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
                  <Box minW="0">
                    <Text fontWeight="semibold" lineClamp={2} wordBreak="break-word">
                      {p.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {p.org_name} · {relativeTime(p.created_at)}
                    </Text>
                  </Box>
                  <HStack gap="1.5" flexShrink={0}>
                    <Button asChild size="xs" variant="outline">
                      <Link to="/projects">{DASHBOARD.manage}</Link>
                    </Button>
                    <Button asChild size="xs" colorPalette="green">
                      {/* Streaming works on the current project, so streaming this one makes it current. */}
                      <Link to="/streaming" onClick={() => writeCurrentProject(p.id)}>
                        {DASHBOARD.stream}
                      </Link>
                    </Button>
                  </HStack>
                </Flex>
                <Text fontSize="sm" color="fg.muted" mt="2" lineClamp={2}>
                  {p.description?.trim() ? p.description : DASHBOARD.noDescription}
                </Text>
                <HStack gap="2" mt="3">
                  <Badge variant="surface" size="sm">
                    {DASHBOARD_UI.mediaCount(p.media_count)}
                  </Badge>
                  <Badge variant="surface" size="sm">
                    {DASHBOARD_UI.destinationsCount(p.destinations_count)}
                  </Badge>
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

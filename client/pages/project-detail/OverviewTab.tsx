import { Badge, Card, DataList, Grid, Link, Stack, Stat, Text } from "@chakra-ui/react";
import { ExternalIcon } from "@client/components/icons/common";
import type { ProjectDetail } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { formatShortDate } from "@shared/format";
import { LatestNews } from "./LatestNews";

/** Overview tab: Project Information, Latest News and Quick Stats. */
export function OverviewTab({ project }: { project: ProjectDetail }) {
  return (
    // minmax(0, …): a long store URL or news title wraps instead of widening the page on a phone.
    <Grid
      templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 2fr) minmax(0, 1fr)" }}
      gap={6}
      alignItems="start"
    >
      <Stack gap={6}>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title>{PROJECTS_UI.projectInformation}</Card.Title>
          </Card.Header>
          <Card.Body gap={5}>
            <Text color={project.description ? "fg" : "fg.subtle"} whiteSpace="pre-wrap">
              {project.description || PROJECTS_UI.noDescription}
            </Text>
            {project.url && (
              <Link
                href={project.url}
                target="_blank"
                rel="noopener noreferrer"
                color="blue.300"
                overflowWrap="anywhere"
              >
                {project.url} <ExternalIcon />
              </Link>
            )}
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{FORMS_UI.createdBy}</DataList.ItemLabel>
                <DataList.ItemValue>{project.created_by_name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{PROJECTS_UI.createdOn}</DataList.ItemLabel>
                <DataList.ItemValue>{formatShortDate(project.created_at)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <LatestNews projectId={project.id} />
      </Stack>
      <Card.Root variant="outline" data-testid="quick-stats">
        <Card.Header>
          <Card.Title>{PROJECTS_UI.quickStats}</Card.Title>
        </Card.Header>
        <Card.Body gap={5}>
          <Stat.Root>
            <Stat.Label>{PROJECTS_UI.mediaFiles}</Stat.Label>
            <Stat.ValueText>{project.media_count}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>{PROJECTS_UI.analytics}</Stat.Label>
            <Badge
              alignSelf="start"
              colorPalette={project.steam_analytics_enabled ? "green" : "gray"}
              variant="subtle"
            >
              {project.steam_analytics_enabled ? PROJECTS_UI.analyticsEnabled : PROJECTS_UI.analyticsDisabled}
            </Badge>
          </Stat.Root>
          {project.steam_last_sync && (
            <Stat.Root>
              <Stat.Label>{PROJECTS_UI.lastSync}</Stat.Label>
              <Text>{formatShortDate(project.steam_last_sync)}</Text>
            </Stat.Root>
          )}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

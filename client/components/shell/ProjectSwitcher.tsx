import { Box, Button, Flex, Text } from "@chakra-ui/react";
import { useCurrentProject } from "@client/app/current-project";
import { Icon } from "@client/components/icons/shell";
import { trpc } from "@client/lib/trpc";
import { SHELL } from "@client/messages/shell";
import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";

const loadDialog = () => import("./ProjectSwitcherDialog");
const ProjectSwitcherDialog = lazy(loadDialog);

/** The sidebar's current-project button; it opens the 'Select Project' modal. */
export function ProjectSwitcher({ onNavigate }: { onNavigate?: () => void }) {
  const [open, setOpen] = useState(false);
  // The modal is mounted on first use and kept, so closing can animate and reopening is instant.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { projectId, setProjectId } = useCurrentProject();
  const projects = trpc.projects.list.useQuery();
  const navigate = useNavigate();
  // A failed load shows an empty list, like the projects list (docs/screens.md#shell).
  const list = projects.data ?? [];
  const current = list.find((p) => p.id === projectId);

  const close = () => {
    setOpen(false);
    onNavigate?.();
  };
  const choose = (id: number) => {
    setProjectId(id);
    close();
    navigate(`/projects/${id}`);
  };

  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        width="full"
        height="auto"
        py="2"
        px="3"
        justifyContent="space-between"
        textAlign="left"
        aria-label={SHELL.switchProject}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Flex align="center" gap="3" minW="0">
          <Flex
            boxSize="8"
            flexShrink={0}
            rounded="md"
            bg="blue.subtle"
            color="blue.fg"
            align="center"
            justify="center"
          >
            <Icon name="folder" />
          </Flex>
          <Box minW="0">
            <Text fontSize="sm" fontWeight="semibold" truncate>
              {current?.name ?? (projectId === null ? SHELL.noProjectSelected : `#${projectId}`)}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate>
              {current?.org_name ?? SHELL.selectProjectTag}
            </Text>
          </Box>
        </Flex>
        <Icon name="chevrons" color="fg.muted" />
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ProjectSwitcherDialog
            open={open}
            onOpenChange={setOpen}
            loading={projects.isPending}
            projects={list}
            currentId={projectId}
            onChoose={choose}
            onManage={close}
            returnFocus={trigger}
          />
        </Suspense>
      )}
    </>
  );
}

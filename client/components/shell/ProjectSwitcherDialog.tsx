import { Box, Button, Flex, Link, Spinner, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { SHELL } from "@client/messages/shell";
import type { RefObject } from "react";
import { Link as RouterLink } from "react-router-dom";

export interface SwitcherProject {
  id: number;
  name: string;
  org_name: string;
}

/** The 'Select Project' modal. Its own chunk: the dialog machinery loads on first use. */
export default function ProjectSwitcherDialog({
  open,
  onOpenChange,
  loading,
  projects,
  currentId,
  onChoose,
  onManage,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  loading: boolean;
  projects: SwitcherProject[];
  currentId: number | null;
  onChoose(id: number): void;
  onManage(): void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      size="sm"
      finalFocusEl={() => returnFocus.current}
      title={SHELL.selectProjectTitle}
      footerJustify="flex-start"
      footer={
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/projects" onClick={onManage}>
            {SHELL.manageProjects}
          </RouterLink>
        </Link>
      }
    >
      {loading ? (
        <Flex justify="center" py="6">
          <Spinner />
        </Flex>
      ) : projects.length === 0 ? (
        <Text color="fg.muted" py="4" textAlign="center">
          {SHELL.noProjectsAvailable}
        </Text>
      ) : (
        <Stack gap="1" maxH="sm" overflowY="auto">
          {projects.map((p) => (
            <Button
              key={p.id}
              variant={p.id === currentId ? "subtle" : "ghost"}
              justifyContent="flex-start"
              height="auto"
              py="2"
              onClick={() => onChoose(p.id)}
            >
              <Box textAlign="left" minW="0">
                <Text fontWeight="semibold" truncate>
                  {p.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate>
                  {p.org_name}
                </Text>
              </Box>
            </Button>
          ))}
        </Stack>
      )}
    </DialogFrame>
  );
}

import { Drawer, Portal } from "@chakra-ui/react";
import type { SessionUser } from "@shared/types";
import { Sidebar } from "./Sidebar";

/** The sidebar as a drawer on small screens. Its own chunk: most sessions never open it. */
export default function NavDrawer({
  open,
  onOpenChange,
  user,
  projectId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: SessionUser;
  projectId: number | null;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="bg.subtle">
            <Sidebar user={user} projectId={projectId} onNavigate={() => onOpenChange(false)} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

import type { SessionUser } from "@shared/types";
import { lazy, Suspense } from "react";
import { UserButton } from "./UserButton";

const UserMenuDropdown = lazy(() => import("./UserMenuDropdown"));

/** The account menu; until its chunk arrives (right after the shell paints) the same button shows, inert. */
export function UserMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  return (
    <Suspense fallback={<UserButton user={user} disabled />}>
      <UserMenuDropdown user={user} onNavigate={onNavigate} />
    </Suspense>
  );
}

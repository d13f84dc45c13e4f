import type { IconName } from "@client/components/icons/shell";
import { SHELL } from "@client/messages/shell";

// Which navigation entries the sidebar shows, and in which state (docs/screens.md#shell).

export interface NavEntry {
  label: string;
  to: string;
  icon: IconName;
  disabled?: boolean;
  /** Small tag beside a disabled entry ('Select project', 'Soon'). */
  tag?: string;
  /** Tooltip (the title attribute). */
  title?: string;
  /** Active only on the exact path (Overview would otherwise match its sub-pages). */
  end?: boolean;
}

export function projectNav(projectId: number | null): NavEntry[] {
  if (projectId === null) return [];
  const base = `/projects/${projectId}`;
  return [
    { label: SHELL.nav.overview, to: base, icon: "overview", end: true },
    { label: SHELL.nav.analytics, to: `${base}/analytics`, icon: "analytics" },
    { label: SHELL.nav.media, to: `${base}/media`, icon: "media" },
  ];
}

export function generalNav(projectId: number | null): NavEntry[] {
  const streaming: NavEntry =
    projectId === null
      ? {
          label: SHELL.nav.streaming,
          to: "/streaming",
          icon: "streaming",
          disabled: true,
          title: SHELL.selectProjectFirst,
          tag: SHELL.selectProjectTag,
        }
      : { label: SHELL.nav.streaming, to: "/streaming", icon: "streaming" };
  return [
    streaming,
    {
      label: SHELL.nav.submissions,
      to: "/submissions",
      icon: "submissions",
      disabled: true,
      tag: SHELL.soonTag,
    },
    { label: SHELL.nav.marketing, to: "/marketing", icon: "marketing", disabled: true, tag: SHELL.soonTag },
  ];
}

export function adminNav(isAdmin: boolean): NavEntry[] {
  if (!isAdmin) return [];
  return [
    { label: SHELL.nav.users, to: "/users", icon: "users" },
    { label: SHELL.nav.organizations, to: "/organizations", icon: "organizations" },
  ];
}

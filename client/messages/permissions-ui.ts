import type { Permission } from "@shared/permissions";

// Why a control is off for the user's role: shown as the control's tooltip.
const ACTIONS: Partial<Record<Permission, string>> = {
  "project.create": "create projects",
  "project.edit": "change the project's settings",
  "analytics.settings": "change analytics settings",
  "analytics.sync": "sync analytics",
  "media.upload": "upload files",
  "destination.manage": "add, change or delete destinations",
  "stream.control": "start or stop streams",
  "stream.delete": "delete stream records",
  "webhook.manage": "manage webhooks",
};

export const PERMISSIONS_UI = {
  /** "Your role (Viewer) cannot start or stop streams. Ask a Developer, Manager or Administrator." */
  denied: (role: string, permission: Permission, allowed: string[]) => {
    const who = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}` : allowed[0];
    return `Your role (${role}) cannot ${ACTIONS[permission] ?? "do this"}. Ask ${indefinite(who ?? "")}.`;
  },
} as const;

function indefinite(words: string): string {
  return /^[AEIOU]/.test(words) ? `an ${words}` : `a ${words}`;
}

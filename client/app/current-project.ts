import { useCallback, useSyncExternalStore } from "react";

// The current project id lives in localStorage so it survives reloads; a tiny
// store lets every component that shows it re-render when it changes, in this tab or another.
export const CURRENT_PROJECT_KEY = "currentProjectId";
const listeners = new Set<() => void>();

function parse(raw: string | null): number | null {
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : null;
}

export function readCurrentProject(): number | null {
  try {
    return parse(localStorage.getItem(CURRENT_PROJECT_KEY));
  } catch {
    return null;
  }
}

export function writeCurrentProject(id: number | null): void {
  try {
    const stored = localStorage.getItem(CURRENT_PROJECT_KEY);
    if (stored === (id === null ? null : String(id))) return;
    if (id === null) localStorage.removeItem(CURRENT_PROJECT_KEY);
    else localStorage.setItem(CURRENT_PROJECT_KEY, String(id));
  } catch {
    // Storage can be unavailable (private mode quotas); the choice then lasts until reload.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CURRENT_PROJECT_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The id a route path makes current: /projects/{id} and its sub-pages. */
export function projectIdFromPath(pathname: string): number | null {
  const m = /^\/projects\/(\d+)(?:\/|$)/.exec(pathname);
  return m ? parse(m[1]!) : null;
}

export function useCurrentProject(): {
  projectId: number | null;
  setProjectId: (id: number | null) => void;
} {
  const projectId = useSyncExternalStore(subscribe, readCurrentProject, () => null);
  const setProjectId = useCallback((id: number | null) => writeCurrentProject(id), []);
  return { projectId, setProjectId };
}

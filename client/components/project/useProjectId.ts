import { useLocation } from "react-router-dom";

/**
 * The project id of /projects/{id}[/…], read from the path itself so the screen does not depend on
 * how the route table names its parameter. NaN when the segment is not a positive integer.
 */
export function useProjectIdFromPath(): { id: number; rest: string } {
  const { pathname } = useLocation();
  const match = /^\/projects\/([^/]+)(?:\/([^/]*))?/.exec(pathname);
  const raw = match?.[1] ?? "";
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : Number.NaN;
  return { id, rest: match?.[2] ?? "" };
}

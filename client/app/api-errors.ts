// Every failed query and mutation is reported here (QueryCache/MutationCache onError), and the
// session listens: the query client is created before the session provider exists, so they meet
// through this small bus rather than through React context.
type Listener = (err: unknown) => void;
const listeners = new Set<Listener>();

export function reportApiError(err: unknown): void {
  for (const listener of listeners) listener(err);
}

export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

import { Database } from "bun:sqlite";

// Runs VACUUM INTO on a thread of its own: the copy (and its fsync) can take a tenth of a second on a
// busy disk, which the server's event loop should not wait through. Its own connection reads one
// consistent snapshot of the WAL database while the server goes on writing.

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ dbFile: string; to: string }>) => {
  const { dbFile, to } = event.data;
  try {
    const sqlite = new Database(dbFile, { readwrite: true, create: false });
    try {
      sqlite.exec("PRAGMA busy_timeout = 5000;");
      sqlite.query("VACUUM INTO ?").run(to);
    } finally {
      sqlite.close();
    }
    self.postMessage({ ok: true });
  } catch (err) {
    self.postMessage({ ok: false, message: (err as Error).message });
  }
};

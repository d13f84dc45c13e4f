import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { Transform, type TransformCallback } from "node:stream";

// A loopback TCP proxy that plays a bad connection: it forwards everything to the server, counts the
// body bytes of every PATCH request that passes (the file's bytes in a tus upload), and once that count
// reaches `cutAt` it drops the connection mid-request, the way a Wi-Fi hand-over or a pulled cable does.
// The count then tells how many of the file's bytes the client had to send twice.

export interface CuttingProxy {
  url: string;
  /** Body bytes of PATCH requests forwarded so far, over every connection. */
  patchBytes(): number;
  /** Body bytes of PATCH requests forwarded when the cut came (null before it). */
  cutAtBytes(): number | null;
  /** Drop, once, every open connection when PATCH bytes reach `bytes`. */
  cutAt(bytes: number): void;
  stop(): Promise<void>;
}

export async function cuttingProxy(targetPort: number, cutAt: number | null = null): Promise<CuttingProxy> {
  let patchBytes = 0;
  let threshold = cutAt;
  let cutAtBytes: number | null = null;
  const open = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = tcpConnect(targetPort, "127.0.0.1");
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", () => {
      open.delete(client);
      upstream.destroy();
    });
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    client.on("error", () => {});
    upstream.on("error", () => {});

    const counter = new RequestCounter((n) => {
      patchBytes += n;
    });
    counter.limit = () => (threshold === null ? Number.POSITIVE_INFINITY : threshold - patchBytes);
    counter.onLimit = () => {
      cutAtBytes = patchBytes;
      threshold = null;
      // Every connection at once, so nothing the browser had in flight survives the "drop".
      for (const s of open) s.destroy();
      drop();
    };
    client.pipe(counter).pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    patchBytes: () => patchBytes,
    cutAtBytes: () => cutAtBytes,
    cutAt(bytes) {
      threshold = bytes;
    },
    async stop() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Walks HTTP/1.1 requests as they stream by (head, then Content-Length bytes of body), reporting the
 * body bytes of PATCH requests; with `limit`, passes only that many more PATCH bytes, then calls
 * `onLimit` instead of forwarding the rest.
 */
class RequestCounter extends Transform {
  private head = Buffer.alloc(0);
  private bodyLeft = 0;
  private patch = false;
  private stopped = false;
  limit: () => number = () => Number.POSITIVE_INFINITY;
  onLimit: () => void = () => {};

  constructor(private readonly onPatchBytes: (n: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.stopped) return done();
    let rest = chunk;
    const out: Buffer[] = [];
    while (rest.length > 0) {
      if (this.bodyLeft > 0) {
        let take = Math.min(this.bodyLeft, rest.length);
        if (this.patch) {
          const allowed = this.limit();
          if (take >= allowed) {
            take = Math.max(0, allowed);
            out.push(rest.subarray(0, take));
            this.onPatchBytes(take);
            this.push(Buffer.concat(out));
            this.stopped = true;
            this.onLimit();
            return done();
          }
          this.onPatchBytes(take);
        }
        out.push(rest.subarray(0, take));
        this.bodyLeft -= take;
        rest = rest.subarray(take);
        continue;
      }
      this.head = Buffer.concat([this.head, rest]);
      const end = this.head.indexOf("\r\n\r\n");
      if (end < 0) {
        rest = Buffer.alloc(0);
        break;
      }
      const headText = this.head.subarray(0, end).toString("latin1");
      out.push(this.head.subarray(0, end + 4));
      rest = this.head.subarray(end + 4);
      this.head = Buffer.alloc(0);
      this.patch = headText.startsWith("PATCH ");
      this.bodyLeft = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1] ?? 0);
    }
    this.push(Buffer.concat(out));
    done();
  }
}

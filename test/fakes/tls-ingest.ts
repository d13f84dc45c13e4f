import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket, TCPSocketListener } from "bun";

// A TLS-terminating front for a plain RTMP ingest (nginx-rtmp), as an rtmps:// ingest is built: TLS
// on the outside, RTMP inside. It counts the bytes that came through TLS, so a test can tell a
// publisher that stopped at the handshake from one that sent anything at all.

/** Throwaway certificates made with openssl: a test CA, a server certificate it signed, a self-signed one. */
export interface TestCertificates {
  dir: string;
  caFile: string;
  signed: { cert: string; key: string };
  selfSigned: { cert: string; key: string };
  remove(): void;
}

function openssl(args: string[], cwd: string): void {
  const run = Bun.spawnSync(["openssl", ...args], { cwd, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr.toString()}`);
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "console-tls-"));
  const days = ["-days", "2"];
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.crt",
      ...days,
      "-subj",
      "/CN=Console Test CA",
    ],
    dir,
  );
  openssl(
    [
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "srv.key",
      "-out",
      "srv.csr",
      "-subj",
      "/CN=127.0.0.1",
    ],
    dir,
  );
  writeFileSync(join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl(
    [
      "x509",
      "-req",
      "-in",
      "srv.csr",
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "srv.crt",
      ...days,
      "-extfile",
      "ext.cnf",
    ],
    dir,
  );
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "self.key",
      "-out",
      "self.crt",
      ...days,
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    dir,
  );
  return {
    dir,
    caFile: join(dir, "ca.crt"),
    signed: { cert: join(dir, "srv.crt"), key: join(dir, "srv.key") },
    selfSigned: { cert: join(dir, "self.crt"), key: join(dir, "self.key") },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TlsIngest {
  port: number;
  /** Bytes received inside TLS from every publisher (0: nothing got past the handshake). */
  bytesIn(): number;
  stop(): void;
}

interface Link {
  upstream: Socket | null;
  pending: Uint8Array[];
}

/** Listens on 127.0.0.1 (ephemeral port) with `cert`, forwarding each connection to 127.0.0.1:`rtmpPort`. */
export function startTlsIngest(cert: { cert: string; key: string }, rtmpPort: number): TlsIngest {
  let received = 0;
  const server: TCPSocketListener<Link> = Bun.listen<Link>({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: Bun.file(cert.cert), key: Bun.file(cert.key) },
    socket: {
      open(client) {
        client.data = { upstream: null, pending: [] };
        void Bun.connect({
          hostname: "127.0.0.1",
          port: rtmpPort,
          socket: {
            data: (_up, bytes) => void client.write(bytes),
            close: () => void client.end(),
            error: () => void client.end(),
          },
        }).then(
          (up) => {
            client.data.upstream = up;
            for (const bytes of client.data.pending) up.write(bytes);
            client.data.pending = [];
          },
          () => client.end(),
        );
      },
      data(client, bytes) {
        received += bytes.length;
        if (client.data.upstream) client.data.upstream.write(bytes);
        else client.data.pending.push(Buffer.from(bytes));
      },
      close: (client) => void client.data?.upstream?.end(),
      error: (client) => void client.data?.upstream?.end(),
    },
  });
  return { port: server.port, bytesIn: () => received, stop: () => server.stop(true) };
}

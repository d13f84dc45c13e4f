// Uploads to a real server process over a real socket: multipart bodies built by hand (so part order,
// duplicate files and sizes are exact), sent with or without a Content-Length.

export type Part =
  | { field: string; value: string }
  | { file: string; name?: string; bytes: number | Uint8Array<ArrayBuffer> };

const BOUNDARY = "----console-test-boundary";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** The parts as one multipart body; a file of `bytes` is that many zero bytes. */
export function multipart(parts: Part[]): Blob {
  const chunks: BlobPart[] = [];
  for (const p of parts) {
    if ("field" in p) {
      chunks.push(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`);
    } else {
      chunks.push(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${p.file}"; filename="${p.name ?? "clip.mp4"}"\r\n` +
          "content-type: video/mp4\r\n\r\n",
        typeof p.bytes === "number" ? new Uint8Array(p.bytes) : p.bytes,
        "\r\n",
      );
    }
  }
  chunks.push(`--${BOUNDARY}--\r\n`);
  return new Blob(chunks);
}

/** What ends the last part and the body: cut these from `multipart([..., file of 0 bytes])` to get a file left open. */
export const CLOSING_BYTES = `\r\n--${BOUNDARY}--\r\n`.length;

/** The same body as a stream: fetch then sends it chunked, with no Content-Length to go by. */
export function chunked(body: Blob, chunkBytes = 256 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(c) {
      if (offset >= body.size) return c.close();
      c.enqueue(new Uint8Array(await body.slice(offset, offset + chunkBytes).arrayBuffer()));
      offset += chunkBytes;
    },
  });
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** POST /api/media/upload; resolves to the status and JSON answer. */
export async function upload(
  url: string,
  cookie: string,
  body: Blob | ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}/api/media/upload`, {
    method: "POST",
    body,
    signal,
    headers: { cookie, origin: url, "content-type": MULTIPART },
    // @ts-expect-error Bun streams request bodies; the flag is what browsers require
    duplex: "half",
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

import { describe, expect, test } from "bun:test";
import { canConnect, ingestAddress, watchIngest } from "@server/features/streaming/ingest-probe";
import { waitFor } from "../../fakes/rtmp-receiver";

// The knock on the ingest while a stream waits to restart, against a real TCP listener.

function listener(port = 0) {
  return Bun.listen({
    hostname: "127.0.0.1",
    port,
    socket: { data() {}, open() {}, close() {}, error() {} },
  });
}

describe("ingest address", () => {
  test("reads host and port, with RTMP's default ports", () => {
    expect(ingestAddress("rtmp://ingest.example.com/app")).toEqual({
      host: "ingest.example.com",
      port: 1935,
    });
    expect(ingestAddress("rtmps://ingest.example.com/app")).toEqual({
      host: "ingest.example.com",
      port: 443,
    });
    expect(ingestAddress("rtmp://127.0.0.1:1940/live")).toEqual({ host: "127.0.0.1", port: 1940 });
    expect(ingestAddress("rtmp://[::1]:1941/live")).toEqual({ host: "::1", port: 1941 });
    expect(ingestAddress("not a url")).toBeNull();
    expect(ingestAddress("http:///nohost")).toBeNull();
  });
});

describe("watching the ingest", () => {
  test("a knock tells a listening port from a closed one", async () => {
    const server = listener();
    expect(await canConnect("127.0.0.1", server.port, 1000)).toBe(true);
    const port = server.port;
    server.stop(true);
    expect(await canConnect("127.0.0.1", port, 1000)).toBe(false);
  });

  test("calls back once when an ingest that was down answers again", async () => {
    const first = listener();
    const port = first.port;
    first.stop(true);
    let calls = 0;
    let refused = 0;
    let knocks = 0;
    const stop = watchIngest(
      `rtmp://127.0.0.1:${port}/live`,
      30,
      () => calls++,
      (up) => {
        knocks++;
        if (!up) refused++;
      },
    );
    // Knocks that find it down say nothing.
    await waitFor(() => refused >= 2, 3000, "two refused knocks");
    expect(calls).toBe(0);
    const back = listener(port);
    try {
      await waitFor(() => calls === 1, 3000, "the ingest to be seen back");
      // It stops by itself after the call: no more knocks, so no second call.
      const knocksSoFar = knocks;
      await Bun.sleep(150);
      expect(knocks).toBe(knocksSoFar);
      expect(calls).toBe(1);
    } finally {
      stop();
      back.stop(true);
    }
  });

  test("an ingest that never went away never cuts the backoff short", async () => {
    const server = listener();
    let calls = 0;
    let answered = 0;
    const stop = watchIngest(
      `rtmp://127.0.0.1:${server.port}/live`,
      20,
      () => calls++,
      (up) => {
        if (up) answered++;
      },
    );
    await waitFor(() => answered >= 5, 3000, "five answered knocks");
    stop();
    server.stop(true);
    expect(calls).toBe(0);
  });
});

import { describe, expect, test } from "bun:test";
import type { AppRouter } from "@server/api/root-router";
import { AUTH } from "@shared/messages/auth";
import { PROJECTS } from "@shared/messages/projects";
import { createTRPCClient, httpLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { callerLink } from "../../support/caller-link";
import { anonymousCaller, callerFor, makeOrg, makeUser, testApp } from "../../support/server";

// Component tests talk to the router through callerLink. These compare what it gives the client
// with what the real HTTP app answers for the same call, so a screen under test shows the very
// message and details a browser would.

async function failureThrough(
  link: TRPCLink<AppRouter>,
  call: (c: ReturnType<typeof clientOf>) => Promise<unknown>,
) {
  const err = await call(clientOf(link)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCClientError);
  const { message, data } = err as TRPCClientError<AppRouter>;
  return { message, code: data?.code, httpStatus: data?.httpStatus, details: data?.details };
}

const clientOf = (link: TRPCLink<AppRouter>) => createTRPCClient<AppRouter>({ links: [link] });

async function setup() {
  const { app, deps, signIn } = testApp();
  const org = await makeOrg(deps);
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const cookie = await signIn(dev.email);
  const http = (withCookie: boolean) =>
    httpLink<AppRouter>({
      url: "http://127.0.0.1/api/trpc",
      fetch: async (url, init) => {
        const headers = new Headers(init?.headers as HeadersInit);
        if (withCookie) headers.set("cookie", cookie);
        return app.request(String(url), { ...(init as RequestInit), headers });
      },
    });
  return { deps, org, dev, http };
}

describe("one error path", () => {
  const cases: [string, (c: ReturnType<typeof clientOf>) => Promise<unknown>][] = [
    ["a refused permission", (c) => c.users.list.query({})],
    ["a project of nobody's", (c) => c.projects.get.query({ id: 999_999 })],
    ["input the schema refuses", (c) => c.projects.create.mutate({ name: "", org_id: 1 } as never)],
  ];
  for (const [name, call] of cases) {
    test(`${name}: the component test's link gives what HTTP answers`, async () => {
      const { deps, dev, http } = await setup();
      const viaHttp = await failureThrough(http(true), call);
      const viaCaller = await failureThrough(callerLink(await callerFor(deps, dev.email)), call);
      expect(viaCaller).toEqual(viaHttp);
      expect(viaHttp.httpStatus).toBeGreaterThanOrEqual(400);
      expect(viaHttp.httpStatus).toBeLessThan(500);
    });
  }

  test("texts come from the shared messages, with the status of the one code table", async () => {
    const { deps, dev, http } = await setup();
    const forbidden = await failureThrough(callerLink(await callerFor(deps, dev.email)), (c) =>
      c.users.list.query({}),
    );
    expect(forbidden).toMatchObject({ message: AUTH.adminRequired, code: "FORBIDDEN", httpStatus: 403 });
    const missing = await failureThrough(http(true), (c) => c.projects.get.query({ id: 999_999 }));
    expect(missing).toMatchObject({ message: PROJECTS.notFound, code: "NOT_FOUND", httpStatus: 404 });
  });

  test("signed out: the same 401 either way", async () => {
    const { deps, http } = await setup();
    const call = (c: ReturnType<typeof clientOf>) => c.projects.list.query();
    const viaHttp = await failureThrough(http(false), call);
    const viaCaller = await failureThrough(callerLink(anonymousCaller(deps)), call);
    expect(viaCaller).toEqual(viaHttp);
    expect(viaHttp).toMatchObject({ message: AUTH.authRequired, code: "UNAUTHORIZED", httpStatus: 401 });
  });
});

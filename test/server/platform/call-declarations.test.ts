import { describe, expect, test } from "bun:test";
import type { Session } from "@server/features/auth/session";
import { call, consoleCall } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import type { AppEnv } from "@server/platform/http/env";
import { onError } from "@server/platform/http/errors";
import { buildDocument } from "@server/platform/openapi/document";
import { apiArea } from "@server/platform/openapi/registry";
import { createCallerFactory } from "@server/platform/trpc/init";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { COMMON } from "@shared/messages/common";
import { idSchema } from "@shared/schemas/ids";
import type { SessionUser } from "@shared/types";
import { Hono } from "hono";
import { z } from "zod";
import { testDeps } from "../../support/server";

// One declaration yields a tRPC procedure, a REST route that answers the same, and a document entry,
// all from one input schema. Written from the caller's side: the REST form of a bad input is refused
// with the schema's own message, and what only a session may do is refused to a token.

const count = z
  .number("Count must be a whole number")
  .int("Count must be a whole number")
  .min(1, "Count must be a whole number");
const calls = {
  echo: call({
    auth: "user",
    input: z.object({ id: idSchema, count, flag: z.boolean("Flag must be yes or no").optional() }).strict(),
    rest: { method: "get", path: "/things/:id", params: { id: "id" } },
    doc: { summary: "Echo a thing", answer: { description: "The input and who asked." } },
    handler: ({ user }, input) => ({ ...input, by: user.id }),
  }),
  addPart: call({
    auth: "session",
    input: z.object({ thingId: idSchema, name: z.string().min(1, "Name required") }).strict(),
    rest: { method: "post", path: "/things/:id/parts", params: { id: "thingId" } },
    doc: {
      summary: "Add a part",
      answer: {
        status: 201,
        description: "The part.",
        schema: z.object({ thingId: z.number(), name: z.string() }),
      },
      errors: [409],
    },
    handler: (_ctx, input) => input,
  }),
  /** A check across fields that narrows the type: a transform, run on the body before the path id joins. */
  startThing: call({
    auth: "user",
    input: z
      .object({ thingId: idSchema, a: idSchema.optional(), b: idSchema.optional() })
      .transform(({ a, b, ...rest }, ctx) => {
        if ((a === undefined) === (b === undefined)) {
          ctx.addIssue({ code: "custom", message: "One of a and b" });
          return z.NEVER;
        }
        return { ...rest, source: (a ?? b)! };
      }),
    rest: { method: "post", path: "/things/:id/start", params: { id: "thingId" }, idLabels: { id: "thing" } },
    doc: { summary: "Start a thing", answer: { description: "What it started with." } },
    handler: (_ctx, input) => input,
  }),
  rename: call({
    auth: "user",
    input: z
      .object({ id: idSchema, name: z.string("Name required").optional(), note: z.string().optional() })
      .strict()
      .refine((v) => v.name !== undefined || v.note !== undefined, "Change at least one field"),
    rest: { method: "put", path: "/things/:id", params: { id: "id" }, idLabels: { id: "thingId" } },
    doc: { summary: "Rename a thing", answer: { description: "The input." } },
    handler: (_ctx, input) => input,
  }),
};

const user: SessionUser = {
  id: 7,
  name: "Dana",
  email: "dana@example.com",
  role: "developer",
  org_id: null,
  org_name: null,
  canCreateProjects: false,
};

// A sync the console polls as a job, a script waits for; and the console's poll, which REST lacks.
const jobs = {
  start: call({
    auth: "user",
    input: z.object({ id: idSchema }).strict(),
    rest: { method: "post", path: "/jobs/:id/start", params: { id: "id" } },
    doc: { summary: "Start a job", answer: { description: "The job's result." } },
    handler: (_ctx, { id }) => ({ jobId: id }),
    restHandler: async (_ctx, { id }) => ({ result: `job ${id} done` }),
  }),
};
const consoleOnly = {
  poll: consoleCall({
    auth: "user",
    input: z.object({ jobId: idSchema }),
    kind: "query",
    handler: ({ user }, { jobId }) => ({ jobId, state: "done", for: user.id }),
  }),
};

function world(apiTokenId: number | null = null) {
  const deps = testDeps();
  const session = { id: "s" } as unknown as Session;
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.set("deps", deps);
    c.set("user", user);
    c.set("session", session);
    c.set("apiTokenId", apiTokenId);
    await next();
  });
  restRoutes(calls)(api);
  restRoutes(jobs)(api);
  api.onError(onError);
  const cookies = { setSession: () => {}, clearSession: () => {} };
  const caller = createCallerFactory(trpcRouter({ ...calls, ...jobs, ...consoleOnly }))({
    deps,
    user,
    session,
    clientAddress: "test",
    cookies,
    apiTokenId,
  });
  const rest = (path: string, init?: RequestInit) => api.request(path, init);
  return { caller, rest };
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("a declared call", () => {
  test("is a tRPC procedure and a REST route answering the same", async () => {
    const { caller, rest } = world();
    const viaTrpc = await caller.echo({ id: 3, count: 2, flag: true });
    const res = await rest("/things/3?count=2&flag=true");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(viaTrpc);
    expect(viaTrpc).toEqual({ id: 3, count: 2, flag: true, by: 7 });
    const made = await rest("/things/4/parts", post({ name: "wheel" }));
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual(await caller.addPart({ thingId: 4, name: "wheel" }));
  });

  test("REST input that fails the one schema answers 400 with its message", async () => {
    const { rest, caller } = world();
    const refused = async (path: string, init?: RequestInit) => {
      const res = await rest(path, init);
      return [res.status, (await res.json()).error];
    };
    expect(await refused("/things/4/parts", post({ name: "" }))).toEqual([400, "Name required"]);
    // Text in a query is a number only when it is plain digits; otherwise the field's own message.
    expect(await refused("/things/3?count=2x")).toEqual([400, "Count must be a whole number"]);
    expect(await refused("/things/3?count=-1")).toEqual([400, "Count must be a whole number"]);
    expect(await refused("/things/3?count=1&flag=yes")).toEqual([400, "Flag must be yes or no"]);
    expect(await refused("/things/3?count=1&count=2")).toEqual([400, COMMON.repeatedQuery("count")]);
    expect(await refused("/things/x?count=1")).toEqual([400, COMMON.invalid("id")]);
    // What the path fills cannot come from the body as well.
    const twice = await rest("/things/4/parts", post({ name: "wheel", thingId: 9 }));
    expect(twice.status).toBe(400);
    // tRPC takes numbers only: the text a query carries is refused there.
    await expect(caller.echo({ id: 3, count: "2" as never })).rejects.toThrow("Count must be a whole number");
  });

  test("a check on the whole input holds for the REST body too, and a path id refusal can name its field", async () => {
    const { rest, caller } = world();
    const put = (path: string, body: unknown) => rest(path, { ...post(body), method: "PUT" });
    const refused = async (res: Response) => [res.status, (await res.json()).error];
    expect(await refused(await put("/things/3", {}))).toEqual([400, "Change at least one field"]);
    expect(await refused(await put("/things/3", { name: 5 }))).toEqual([400, "Name required"]);
    expect(await refused(await put("/things/x", { name: "a" }))).toEqual([400, COMMON.invalid("thingId")]);
    const renamed = await put("/things/3", { name: "a" });
    expect(await renamed.json()).toEqual(await caller.rename({ id: 3, name: "a" }));
    await expect(caller.rename({ id: 3 })).rejects.toThrow("Change at least one field");
  });

  test("a session-only call refuses a token on both transports", async () => {
    const { rest, caller } = world(5);
    const res = await rest("/things/4/parts", post({ name: "wheel" }));
    expect([res.status, (await res.json()).error]).toEqual([403, API_TOKENS.refusedForTokens]);
    await expect(caller.addPart({ thingId: 4, name: "wheel" })).rejects.toThrow(API_TOKENS.refusedForTokens);
    expect((await rest("/things/3?count=1")).status).toBe(200);
  });

  test("is an OpenAPI operation: path id, query fields, body without the path's field, status, security", () => {
    const doc = buildDocument([apiArea("Things", "Test things.", openApiRoutes(calls))]);
    // biome-ignore lint/suspicious/noExplicitAny: reading the built JSON document.
    const op = (path: string, method: string) => (doc.paths as any)[path][method];
    const echo = op("/things/{id}", "get");
    expect(echo.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
      "path id",
      "query count",
      "query flag",
    ]);
    expect(echo.parameters[1].schema.type).toBe("integer");
    const add = op("/things/{id}/parts", "post");
    expect(Object.keys(add.requestBody.content["application/json"].schema.properties)).toEqual(["name"]);
    expect(Object.keys(add.responses)).toEqual(["201", "400", "401", "404", "409", "413", "415"]);
    expect(add.security).toEqual([{ sessionCookie: [] }]);
  });

  test("an input piped into a transform: the body without the path's field, the id named by its label", async () => {
    const { rest, caller } = world();
    const started = await rest("/things/5/start", post({ b: 2 }));
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ thingId: 5, source: 2 });
    expect(await caller.startThing({ thingId: 5, b: 2 })).toEqual({ thingId: 5, source: 2 });
    const refused = async (path: string, body: unknown) => {
      const res = await rest(path, post(body));
      return [res.status, (await res.json()).error];
    };
    expect(await refused("/things/5/start", { a: 1, b: 2 })).toEqual([400, "One of a and b"]);
    // The body cannot name the thing: the path's id is the one used, and the check still applies.
    expect(await refused("/things/5/start", { thingId: 6 })).toEqual([400, "One of a and b"]);
    expect(await refused("/things/x/start", { a: 1 })).toEqual([400, COMMON.invalid("thing")]);
    await expect(caller.startThing({ thingId: 5 })).rejects.toThrow("One of a and b");
    const doc = buildDocument([apiArea("Things", "Test things.", openApiRoutes(calls))]);
    // biome-ignore lint/suspicious/noExplicitAny: reading the built JSON document.
    const op = (doc.paths as any)["/things/{id}/start"].post;
    expect(Object.keys(op.requestBody.content["application/json"].schema.properties)).toEqual(["a", "b"]);
  });

  test("a label for a path id the path does not have is refused when declared", () => {
    expect(() =>
      call({
        auth: "user",
        input: z.object({ id: idSchema }),
        rest: { method: "get", path: "/things/:id", params: { id: "id" }, idLabels: { thingId: "thing" } },
        doc: { summary: "Stray label", answer: { description: "Nothing." } },
        handler: () => null,
      }),
    ).toThrow("map every path id");
  });

  test("a path id the declaration does not map is refused when declared", () => {
    expect(() =>
      call({
        auth: "user",
        input: z.object({ id: idSchema }),
        rest: { method: "get", path: "/things/:thingId" },
        doc: { summary: "Unmapped", answer: { description: "Nothing." } },
        handler: () => null,
      }),
    ).toThrow("map every path id");
  });

  test("may answer REST otherwise than tRPC, with the same input and refusals", async () => {
    const { caller, rest } = world();
    expect(await caller.start({ id: 4 })).toEqual({ jobId: 4 });
    const res = await rest("/jobs/4/start", { method: "POST" });
    expect([res.status, await res.json()]).toEqual([200, { result: "job 4 done" }]);
    const bad = await rest("/jobs/x/start", { method: "POST" });
    expect([bad.status, (await bad.json()).error]).toEqual([400, COMMON.invalid("id")]);
    await expect(caller.start({ id: 0 })).rejects.toThrow(COMMON.invalid("id"));
  });

  test("a console call is a tRPC procedure only: no REST route, no document entry", async () => {
    const { caller, rest } = world();
    expect(await caller.poll({ jobId: 2 })).toEqual({ jobId: 2, state: "done", for: 7 });
    await expect(caller.poll({ jobId: 0 })).rejects.toThrow(COMMON.invalid("id"));
    expect((await rest("/poll?jobId=2")).status).toBe(404);
    const routes = openApiRoutes(jobs).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(["post /jobs/:id/start"]);
  });
});

// What the sign-in calls need of the request: the client's address, the session and its cookie; a
// call tRPC answers anyone with that REST still keeps to users; an answer REST gives only part of.
const requestCalls = {
  signIn: call({
    auth: "public",
    rest: { method: "post", path: "/sign-in" },
    doc: { summary: "Sign in", answer: { description: "Who and from where." } },
    handler: ({ cookies, clientAddress }) => {
      cookies.setSession("tok", Date.now() + 60_000);
      return { from: clientAddress };
    },
  }),
  signOut: call({
    auth: "user",
    rest: { method: "post", path: "/sign-out" },
    doc: { summary: "Sign out", answer: { description: "The ended session." } },
    handler: ({ cookies, session }) => {
      cookies.clearSession();
      return { ended: session.id };
    },
  }),
  whoAmI: call({
    auth: "public",
    rest: { method: "get", path: "/who", auth: "user" },
    doc: { summary: "Who am I", answer: { description: "The user." } },
    handler: ({ user }) => user,
  }),
  rename: call({
    auth: "user",
    input: z.object({ name: z.string() }),
    rest: { method: "put", path: "/name", reply: ({ name }) => ({ name }) },
    doc: { summary: "Rename", answer: { description: "The new name." } },
    handler: (_ctx, { name }) => ({ name, id: 7, extra: true }),
  }),
};

function requestWorld(signedIn: boolean) {
  const deps = testDeps();
  const session = signedIn ? ({ id: "s1" } as unknown as Session) : null;
  const who = signedIn ? user : null;
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.set("deps", deps);
    c.set("user", who);
    c.set("session", session);
    c.set("apiTokenId", null);
    c.set("clientAddress", "203.0.113.9");
    await next();
  });
  restRoutes(requestCalls)(api);
  api.onError(onError);
  const jar: string[] = [];
  const cookies = { setSession: (t: string) => jar.push(`set ${t}`), clearSession: () => jar.push("clear") };
  const caller = createCallerFactory(trpcRouter(requestCalls))({
    deps,
    user: who,
    session,
    clientAddress: "198.51.100.4",
    cookies,
    apiTokenId: null,
  });
  return { caller, jar, rest: (path: string, init?: RequestInit) => api.request(path, init) };
}

describe("a declared call and its request", () => {
  test("reads the client's address and sets or clears the session cookie on either transport", async () => {
    const anonymous = requestWorld(false);
    const res = await anonymous.rest("/sign-in", post({}));
    expect(await res.json()).toEqual({ from: "203.0.113.9" });
    expect(res.headers.get("set-cookie")).toStartWith("session=tok;");
    expect(await anonymous.caller.signIn()).toEqual({ from: "198.51.100.4" });
    expect(anonymous.jar).toEqual(["set tok"]);

    const signedIn = requestWorld(true);
    const out = await signedIn.rest("/sign-out", post({}));
    expect(await out.json()).toEqual({ ended: "s1" });
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await signedIn.caller.signOut()).toEqual({ ended: "s1" });
    expect(signedIn.jar).toEqual(["clear"]);
  });

  test("a REST side that asks for a user refuses the anonymous caller tRPC answers with null", async () => {
    const anonymous = requestWorld(false);
    expect(await anonymous.caller.whoAmI()).toBeNull();
    expect((await anonymous.rest("/who")).status).toBe(401);
    expect(await (await requestWorld(true).rest("/who")).json()).toEqual(user);
    const doc = buildDocument([apiArea("Me", "Me.", openApiRoutes(requestCalls))]);
    // biome-ignore lint/suspicious/noExplicitAny: reading the built JSON document.
    const paths = doc.paths as any;
    // Not public: the document's default security applies, and 401 is among its answers.
    expect(paths["/who"].get.security).toBeUndefined();
    expect(Object.keys(paths["/who"].get.responses)).toContain("401");
    expect(paths["/sign-in"].post.security).toEqual([]);
  });

  test("REST answers only what its reply keeps; tRPC the whole result", async () => {
    const { rest, caller } = requestWorld(true);
    const put = { ...post({ name: "Kit" }), method: "PUT" };
    expect(await (await rest("/name", put)).json()).toEqual({ name: "Kit" });
    expect(await caller.rename({ name: "Kit" })).toEqual({ name: "Kit", id: 7, extra: true });
  });
});

import { expect, mock, test } from "bun:test";
import { API_AREAS } from "@server/api/openapi-routes";
import * as request from "@server/platform/http/request";
import { z } from "zod";
import { makeOrg, makeUser, testApp } from "../../support/server";

// The document's request side is the handlers' own: each REST adapter is called once while the
// helpers it parses with record the schema they were given, and that schema must describe the same
// input as the path's declaration. A handler that starts parsing a body or query the declaration
// does not name, or names another shape, fails here.

const used = { body: [] as z.ZodType[], query: [] as z.ZodType[] };
const real = { ...request };
mock.module("@server/platform/http/request", () => ({
  ...real,
  jsonBody: (c: Parameters<typeof real.jsonBody>[0], schema: z.ZodType) => {
    used.body.push(schema);
    return real.jsonBody(c, schema);
  },
  queryParams: (c: Parameters<typeof real.queryParams>[0], schema: z.ZodType) => {
    used.query.push(schema);
    return real.queryParams(c, schema);
  },
}));

const shape = (schema: z.ZodType | undefined) =>
  schema ? JSON.stringify(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })) : "none";

test("every path parses the body and query its declaration names", async () => {
  const t = testApp();
  const org = await makeOrg(t.deps);
  const admin = await makeUser(t.deps, { role: "admin", orgId: org.id });
  const cookie = await t.signIn(admin.email);
  // Unknown ids: each handler parses its input, then its service refuses; nothing changes. Signing
  // out comes last, as it ends the session the others use.
  const routes = API_AREAS.flatMap((a) => a.routes).sort(
    (a, b) => Number(a.path === "/auth/logout") - Number(b.path === "/auth/logout"),
  );
  const mismatches: string[] = [];
  let parsedBodies = 0;
  for (const route of routes) {
    if (route.formBody) continue;
    used.body.length = 0;
    used.query.length = 0;
    const url = `/api${route.path.replace(/:\w+/g, "999999")}`;
    const init = route.method === "get" ? {} : { json: {} };
    await t.call(url, { method: route.method.toUpperCase(), cookie, ...init });
    if (used.body.length > 0) parsedBodies++;
    for (const kind of ["body", "query"] as const) {
      const declared = shape(route[kind]);
      const parsed = shape(used[kind][0]);
      if (declared !== parsed)
        mismatches.push(`${route.method} ${route.path} ${kind}: declared ${declared}, parsed ${parsed}`);
    }
  }
  expect(mismatches).toEqual([]);
  // The helpers were really watched: most writing paths parse a JSON body.
  expect(parsedBodies).toBeGreaterThan(20);
});

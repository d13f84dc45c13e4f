import { expect, test } from "bun:test";
import { API_AREAS } from "@server/api/openapi-routes";
import { buildDocument } from "@server/platform/openapi/document";
import { apiArea } from "@server/platform/openapi/registry";
import { z } from "zod";

// How one declaration becomes an operation: ids, query fields, body, answer, refusals and security.

const area = apiArea("Things", "Test things.", [
  {
    method: "post",
    path: "/things/:id/parts",
    summary: "Add a part",
    body: z.object({ name: z.string().min(1), count: z.number().int().default(1) }).strict(),
    answer: { status: 201, description: "The part.", schema: z.object({ id: z.number().int() }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/things",
    summary: "List things",
    public: true,
    query: z.union([z.object({ projectId: z.string() }), z.object({ scope: z.literal("all") })]),
    answer: { description: "Things." },
  },
  {
    method: "delete",
    path: "/things/:id",
    summary: "Remove a thing",
    sessionOnly: true,
    answer: { description: "Removed." },
  },
]);
const doc = buildDocument([area]);
// biome-ignore lint/suspicious/noExplicitAny: reading the built JSON document.
const op = (path: string, method: string) => (doc.paths as any)[path][method];

test("path ids become integer parameters; body and answer come from the zod schemas", () => {
  const add = op("/things/{id}/parts", "post");
  expect(add.parameters).toEqual([
    { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
  ]);
  const body = add.requestBody.content["application/json"].schema;
  // The caller's side: a defaulted field is optional, unknown fields are refused.
  expect(body.required).toEqual(["name"]);
  expect(body.additionalProperties).toBe(false);
  expect(add.responses["201"].content["application/json"].schema.required).toEqual(["id"]);
});

test("refusals: the declared ones plus those every call of its kind can give, all in the error shape", () => {
  const add = op("/things/{id}/parts", "post");
  expect(Object.keys(add.responses)).toEqual(["201", "400", "401", "404", "409", "413", "415"]);
  expect(add.responses["409"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/Error",
  });
  expect(Object.keys(op("/things", "get").responses)).toEqual(["200", "400"]);
});

test("an either-or query lists each field as optional; security follows public and session-only", () => {
  const list = op("/things", "get");
  expect(list.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
    ["projectId", false],
    ["scope", false],
  ]);
  expect(list.security).toEqual([]);
  expect(op("/things/{id}", "delete").security).toEqual([{ sessionCookie: [] }]);
  expect(op("/things/{id}/parts", "post").security).toBeUndefined();
  expect(doc.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
});

test("no two paths differ only in a parameter's name; a shared id says what it stands for per operation", () => {
  const real = buildDocument(API_AREAS);
  const shapes = Object.keys(real.paths).map((path) => path.replace(/\{\w+\}/g, "{}"));
  expect(shapes.length).toBe(new Set(shapes).size);
  // biome-ignore lint/suspicious/noExplicitAny: reading the built JSON document.
  const idOf = (path: string, method: string) => (real.paths as any)[path][method].parameters[0];
  expect(idOf("/media/{id}", "get")).toMatchObject({ name: "id", description: "The project's id." });
  expect(idOf("/media/{id}", "delete")).toMatchObject({ name: "id", description: "The media file's id." });
  expect(idOf("/playlists/{id}", "get").description).toBe("The project's id.");
  expect(idOf("/destinations/{id}", "put").description).toBe("The destination's id.");
});

test("every operation lists a 4xx answer: any path refuses a repeated query parameter", () => {
  const real = buildDocument(API_AREAS);
  for (const [path, ops] of Object.entries(real.paths)) {
    for (const [method, operation] of Object.entries(ops as Record<string, { responses: object }>)) {
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain("400");
    }
  }
});

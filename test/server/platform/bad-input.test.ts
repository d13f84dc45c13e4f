import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { organizations, projects, sessions, users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { COMMON } from "@shared/messages/common";
import { asc, eq } from "drizzle-orm";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Bad input on every REST path of projects, organizations and users: a 4xx `{ error }`, never a 500,
// and the database exactly as before.

async function world() {
  const t = testApp();
  const org = await makeOrg(t.deps, "Home");
  const admin = await makeUser(t.deps, { orgId: org.id, role: "admin", email: "admin@example.com" });
  const other = await makeUser(t.deps, { orgId: org.id, role: "developer", email: "other@example.com" });
  const project = await makeProject(t.deps, { orgId: org.id, createdBy: admin.id });
  const emptyOrg = await makeOrg(t.deps, "Empty");
  const cookie = await t.signIn(admin.email);
  return { ...t, org, admin, other, project, emptyOrg, cookie };
}
type World = Awaited<ReturnType<typeof world>>;

async function snapshot(deps: AppDeps) {
  return JSON.stringify([
    await deps.db.select().from(organizations).orderBy(asc(organizations.id)),
    await deps.db.select().from(users).orderBy(asc(users.id)),
    await deps.db.select().from(projects).orderBy(asc(projects.id)),
    await deps.db.select().from(sessions).orderBy(asc(sessions.id)),
  ]);
}

async function send(w: World, method: string, path: string, body?: unknown) {
  const raw = typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body);
  return w.call(path, {
    method,
    cookie: w.cookie,
    body: raw,
    headers: raw === undefined ? undefined : { "content-type": "application/json" },
  });
}

/** Sends the request and checks: the status, an `{ error }` body, and that nothing changed. */
async function refused(w: World, method: string, path: string, body: unknown, status: number) {
  const before = await snapshot(w.deps);
  const res = await send(w, method, path, body);
  const label = `${method} ${path} ${typeof body === "string" ? body : JSON.stringify(body)}`.slice(0, 160);
  expect(res.status, label).toBe(status);
  const json = await res.json();
  expect(typeof json.error, label).toBe("string");
  expect(json.error.length, label).toBeGreaterThan(0);
  expect(await snapshot(w.deps), `${label} changed data`).toBe(before);
  return json.error as string;
}

const long = (n: number) => "x".repeat(n);
const BAD_IDS = ["abc", "0", "-1", "1.5", "1e3", "99999999999999999999", "1%20OR%201=1"];
const MALFORMED = ['{"name":', "not json", "{'name': 'x'}"];

describe("project paths", () => {
  test("POST /projects: wrong types, oversize, bad URL, unknown organization, malformed JSON", async () => {
    const w = await world();
    const ok = { name: "P", org_id: w.org.id };
    const cases: [unknown, number][] = [
      [{ ...ok, name: 42 }, 400],
      [{ ...ok, name: "" }, 400],
      [{ ...ok, name: ["a"] }, 400],
      [{ ...ok, name: long(101) }, 400],
      [{ ...ok, description: long(501) }, 400],
      [{ ...ok, description: { a: 1 } }, 400],
      [{ ...ok, url: "not a url" }, 400],
      [{ ...ok, url: "javascript:alert(1)" }, 400],
      [{ ...ok, url: `https://e.com/${long(3000)}` }, 400],
      [{ ...ok, org_id: true }, 400],
      [{ ...ok, org_id: "" }, 400],
      [{ ...ok, org_id: "1 OR 1=1" }, 400],
      [{ ...ok, org_id: -3 }, 400],
      [{ ...ok, org_id: 9999 }, 404],
      [{ name: "P" }, 400],
      [[], 400],
      [null, 400],
      ["42", 400],
      ...MALFORMED.map((m): [unknown, number] => [m, 400]),
    ];
    for (const [body, status] of cases) await refused(w, "POST", "/api/projects", body, status);
    expect(await refused(w, "POST", "/api/projects", { ...ok, name: long(101) }, 400)).toBe(
      "Project name must be at most 100 characters",
    );
    expect(await refused(w, "POST", "/api/projects", MALFORMED[0], 400)).toBe(COMMON.malformedJson);
  });

  test("GET and PUT /projects/{id}: bad ids, unknown id, bad bodies", async () => {
    const w = await world();
    for (const id of BAD_IDS) {
      await refused(w, "GET", `/api/projects/${id}`, undefined, 400);
      await refused(w, "PUT", `/api/projects/${id}`, { name: "x" }, 400);
    }
    await refused(w, "GET", "/api/projects/424242", undefined, 404);
    await refused(w, "PUT", "/api/projects/424242", { name: "x" }, 404);
    const path = `/api/projects/${w.project.id}`;
    for (const body of [
      { name: 1 },
      { name: "" },
      { name: long(101) },
      { name: "x", description: long(501) },
      {},
      ...MALFORMED,
    ]) {
      await refused(w, "PUT", path, body, 400);
    }
  });

  test("SQL-looking text is stored verbatim and harms nothing", async () => {
    const w = await world();
    const name = "Robert'); DROP TABLE projects;--";
    const description = `" OR 1=1; -- % _ \\`;
    const res = await send(w, "POST", "/api/projects", { name, description, org_id: w.org.id });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ name, description });
    const list = await (await send(w, "GET", "/api/projects")).json();
    expect(list).toHaveLength(2);
    expect(
      (await w.deps.db.select().from(projects).where(eq(projects.id, created.id)).limit(1))[0]?.name,
    ).toBe(name);
  });

  test("a NUL character in any text is refused with 400 and nothing is stored, on either database", async () => {
    const w = await world();
    const nul = "trailer\u0000";
    // A name says so by its own rule (no control characters); other text by the NUL rule.
    await refused(w, "POST", "/api/projects", { name: nul, description: "", org_id: w.org.id }, 400);
    const body = { name: "Fine", description: `a${"\u0000"}b`, org_id: w.org.id };
    expect(await refused(w, "POST", "/api/projects", body, 400)).toBe(COMMON.nulCharacter);
    const search = `/api/organizations?search=${encodeURIComponent(nul)}`;
    expect(await refused(w, "GET", search, undefined, 400)).toBe(COMMON.nulCharacter);
    expect(await (await send(w, "GET", "/api/projects")).json()).toHaveLength(1);
  });
});

describe("organization paths", () => {
  test("GET ?search=: oversize is 400; SQL-looking search matches nothing and breaks nothing", async () => {
    const w = await world();
    await refused(w, "GET", `/api/organizations?search=${long(101)}`, undefined, 400);
    for (const q of ["' OR 1=1 --", "%", "_", "\\"]) {
      const res = await send(w, "GET", `/api/organizations?search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });

  test("POST, PUT, DELETE: wrong types, oversize, bad and unknown ids, malformed JSON", async () => {
    const w = await world();
    const bodies: unknown[] = [
      { name: 5, is_active: true },
      { name: "", is_active: true },
      { name: "   ", is_active: true },
      { name: long(101), is_active: true },
      { name: "N", is_active: "yes" },
      { name: "N", is_active: 1 },
      {},
      [],
      ...MALFORMED,
    ];
    for (const body of bodies) {
      await refused(w, "POST", "/api/organizations", body, 400);
      await refused(w, "PUT", `/api/organizations/${w.org.id}`, body, 400);
    }
    for (const id of BAD_IDS) {
      await refused(w, "PUT", `/api/organizations/${id}`, { name: "N", is_active: true }, 400);
      await refused(w, "DELETE", `/api/organizations/${id}`, undefined, 400);
    }
    await refused(w, "PUT", "/api/organizations/424242", { name: "N", is_active: true }, 404);
    await refused(w, "DELETE", "/api/organizations/424242", undefined, 404);
    expect(await refused(w, "DELETE", `/api/organizations/${w.org.id}`, undefined, 409)).toBe(
      "Organization still has 2 users and 1 project",
    );
  });

  test("SQL-looking names are stored verbatim; the slug stays clean", async () => {
    const w = await world();
    const name = "x'); DELETE FROM organizations; --";
    const res = await send(w, "POST", "/api/organizations", { name, is_active: true });
    expect(res.status).toBe(201);
    const { organization } = await res.json();
    expect(organization).toMatchObject({ name, slug: "x-delete-from-organizations" });
    expect(await w.deps.db.select().from(organizations)).toHaveLength(3);
  });
});

describe("user paths", () => {
  const valid = { email: "n@example.com", name: "New", role: "viewer", password: "secret1", is_active: true };

  test("GET /users: bad role and oversize search are 400; SQL-looking search is harmless", async () => {
    const w = await world();
    await refused(w, "GET", "/api/users?role=superuser", undefined, 400);
    await refused(w, "GET", `/api/users?role=${encodeURIComponent("admin' OR '1'='1")}`, undefined, 400);
    await refused(w, "GET", `/api/users?search=${long(101)}`, undefined, 400);
    const res = await send(w, "GET", `/api/users?search=${encodeURIComponent("' OR 1=1 --")}`);
    expect(await res.json()).toEqual([]);
    expect(await (await send(w, "GET", "/api/users?search=&role=")).json()).toHaveLength(2);
  });

  test("POST /users: wrong types, oversize, short password, duplicate email (409), malformed JSON", async () => {
    const w = await world();
    const cases: [unknown, number][] = [
      [{ ...valid, email: 42 }, 400],
      [{ ...valid, email: "not-an-email" }, 400],
      [{ ...valid, email: `${long(250)}@example.com` }, 400],
      [{ ...valid, name: "" }, 400],
      [{ ...valid, name: "A" }, 400],
      [{ ...valid, name: long(101) }, 400],
      [{ ...valid, name: 7 }, 400],
      [{ ...valid, role: "root" }, 400],
      [{ ...valid, password: "12345" }, 400],
      [{ ...valid, password: 12345678 }, 400],
      [{ ...valid, password: long(300) }, 400],
      [{ ...valid, is_active: "true" }, 400],
      [{ ...valid, org_id: "abc" }, 400],
      [{ ...valid, org_id: 9999 }, 404],
      [{ ...valid, email: "OTHER@example.com" }, 409],
      [{ ...valid, email: " admin@EXAMPLE.com " }, 409],
      [[], 400],
      ...MALFORMED.map((m): [unknown, number] => [m, 400]),
    ];
    for (const [body, status] of cases) await refused(w, "POST", "/api/users", body, status);
    expect(await refused(w, "POST", "/api/users", { ...valid, email: "Other@Example.com" }, 409)).toBe(
      AUTH.emailTaken,
    );
    expect(await refused(w, "POST", "/api/users", { ...valid, password: "123" }, 400)).toBe(
      AUTH.passwordTooShort,
    );
  });

  test("the /users/{id} paths: bad ids (400), unknown ids (404), bad bodies, duplicates (409)", async () => {
    const w = await world();
    const id = w.other.id;
    const profile = { name: "Other", email: "other@example.com", role: "developer", is_active: true };
    const routes: [string, string, unknown][] = [
      ["GET", "", undefined],
      ["PUT", "/profile", profile],
      ["POST", "/reset-password", { newPassword: "secret1" }],
      ["POST", "/change-email", { newEmail: "z@example.com" }],
      ["PUT", "", { is_active: false }],
      ["DELETE", "", undefined],
    ];
    for (const [method, suffix, body] of routes) {
      for (const bad of BAD_IDS) await refused(w, method, `/api/users/${bad}${suffix}`, body, 400);
      await refused(w, method, `/api/users/424242${suffix}`, body, 404);
    }
    const bodies: [string, string, unknown[]][] = [
      [
        "PUT",
        "/profile",
        [
          { ...profile, name: 1 },
          { ...profile, email: "nope" },
          { ...profile, role: "owner" },
          { ...profile, is_active: "no" },
          { ...profile, org_id: true },
          { ...profile, name: long(101) },
          {},
          ...MALFORMED,
        ],
      ],
      [
        "POST",
        "/reset-password",
        [{ newPassword: "12345" }, { newPassword: 123456 }, {}, { newPassword: long(300) }, ...MALFORMED],
      ],
      [
        "POST",
        "/change-email",
        [{ newEmail: "nope" }, { newEmail: 1 }, {}, { newEmail: `${long(260)}@x.io` }, ...MALFORMED],
      ],
      ["PUT", "", [{ is_active: "false" }, { is_active: 0 }, {}, ...MALFORMED]],
    ];
    for (const [method, suffix, list] of bodies) {
      for (const body of list) await refused(w, method, `/api/users/${id}${suffix}`, body, 400);
    }
    await refused(w, "PUT", `/api/users/${id}/profile`, { ...profile, email: "ADMIN@example.com" }, 409);
    await refused(w, "POST", `/api/users/${id}/change-email`, { newEmail: "Admin@Example.com" }, 409);
    await refused(w, "PUT", `/api/users/${id}/profile`, { ...profile, org_id: 9999 }, 404);
    await refused(w, "PUT", `/api/users/${w.admin.id}`, { is_active: false }, 400);
    await refused(w, "DELETE", `/api/users/${w.admin.id}`, undefined, 400);
  });

  test("SQL-looking names are stored verbatim", async () => {
    const w = await world();
    const name = "Bobby'); DROP TABLE users;--";
    const res = await send(w, "POST", "/api/users", { ...valid, name });
    expect(res.status).toBe(201);
    expect((await res.json()).user.name).toBe(name);
    expect(await w.deps.db.select().from(users)).toHaveLength(3);
  });
});

test("a body over the JSON limit is 413 { error }", async () => {
  const w = await world();
  await refused(w, "POST", "/api/organizations", { name: long(1_100_000), is_active: true }, 413);
});

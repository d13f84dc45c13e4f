import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { envSchema } from "@server/platform/env";
import type { OpenApiDocument } from "@server/platform/openapi/document";
import { Glob } from "bun";
import {
  anchorsOf,
  brokenLinks,
  headingSlug,
  linkTargets,
  markdownFiles,
  tableRows,
} from "../../support/markdown";
import { testApp } from "../../support/server";

// The docs against the code, so they cannot drift apart again: the environment table against the
// schema the server reads, the API table against the OpenAPI document the server serves, and every
// relative link against the files and headings it points at.

const ROOT = resolve(import.meta.dir, "../../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Variables named in the first cell of each row of configuration.md's table, by whether the server reads them. */
function documentedVariables() {
  const server = new Set<string>();
  const outside = new Set<string>();
  for (const [names = "", , meaning = ""] of tableRows(read("docs/configuration.md"), [
    "variable",
    "default",
  ])) {
    const into = /^(tests|demo) only\b/.test(meaning) ? outside : server;
    for (const m of names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) into.add(m[1]!);
  }
  return { server, outside };
}

const sorted = (items: Iterable<string>) => [...items].sort();

describe("docs/configuration.md", () => {
  test("lists exactly the variables server/platform/env.ts reads", () => {
    const { server } = documentedVariables();
    const read = Object.keys(envSchema.shape);
    expect(read.length).toBeGreaterThan(10);
    expect(
      sorted(read.filter((name) => !server.has(name))),
      "read by env.ts, missing from the table",
    ).toEqual([]);
    expect(
      sorted([...server].filter((name) => !read.includes(name))),
      "in the table, unknown to env.ts",
    ).toEqual([]);
  });

  test("a variable marked for the tests or the demo only is read by them", async () => {
    const { outside } = documentedVariables();
    expect(outside.size).toBeGreaterThan(0);
    const sources: string[] = [];
    for await (const file of new Glob("{server,test}/**/*.ts").scan(ROOT)) sources.push(read(file));
    for (const name of outside) {
      expect(
        sources.some((s) => s.includes(`process.env.${name}`)),
        `${name} is read nowhere`,
      ).toBe(true);
    }
  });
});

/** "METHOD /path/{}" with parameter names dropped: a client cannot tell `{id}` from `{projectId}`. */
const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{\w+\}/g, "{}")}`;

async function servedDocument(): Promise<OpenApiDocument> {
  const { app } = testApp();
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApiDocument;
}

function documentOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => operationKey(method, path)),
  );
}

function listedOperations(): string[] {
  return tableRows(read("docs/api.md"), ["area", "method", "path"]).map(([, method = "", path = ""]) =>
    operationKey(method.replaceAll("`", ""), path.replaceAll("`", "")),
  );
}

describe("docs/api.md", () => {
  test("its table lists exactly the operations of the OpenAPI document, each once", async () => {
    const doc = documentOperations(await servedDocument());
    const listed = listedOperations();
    expect(doc.length).toBeGreaterThan(50);
    expect(sorted(listed.filter((op, i) => listed.indexOf(op) !== i)), "listed twice").toEqual([]);
    expect(sorted(doc.filter((op) => !listed.includes(op))), "in the document, missing from api.md").toEqual(
      [],
    );
    expect(sorted(listed.filter((op) => !doc.includes(op))), "in api.md, not in the document").toEqual([]);
  });

  test("its count of answer schemas is the document's", async () => {
    const doc = await servedDocument();
    const answers = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops as Record<string, { responses: Record<string, { content?: object }> }>),
    );
    const withSchema = answers.filter((op) => {
      const ok = Object.entries(op.responses).find(([status]) => status.startsWith("2"))?.[1];
      return Object.values(ok?.content ?? {}).some(
        (media: { schema?: object }) => Object.keys(media.schema ?? {}).length > 0,
      );
    }).length;
    const claim = /(\d+) of the (\d+) operations have one/.exec(read("docs/api.md"));
    expect(claim, "api.md says how many operations have an answer schema").not.toBeNull();
    expect([Number(claim![1]), Number(claim![2])]).toEqual([withSchema, answers.length]);
  });
});

describe("links in README.md and docs/", () => {
  test("every relative link leads to a file, and every #anchor to a heading in it", () => {
    const files = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => brokenLinks(file, ROOT))).toEqual([]);
  });

  test("the checker finds a missing file, a missing heading, and reads anchors as GitHub makes them", () => {
    expect(headingSlug("Broadcast operations: playlists, windows, alerts, uptime")).toBe(
      "broadcast-operations-playlists-windows-alerts-uptime",
    );
    expect(headingSlug("`<BrowserRouter>` with `useRoutes`, not the data router")).toBe(
      "browserrouter-with-useroutes-not-the-data-router",
    );
    expect(sorted(anchorsOf("# A\n## Notes\n```sh\n# not a heading\n```\n## Notes\n"))).toEqual([
      "a",
      "notes",
      "notes-1",
    ]);
    expect(linkTargets("[a](x.md#y) `[b](code.md)` ![c](img.png) [d](https://example.com)")).toEqual([
      "x.md#y",
      "img.png",
      "https://example.com",
    ]);
    // The same check on a text with the faults the real files must not have, read as if it were the README.
    const faulty =
      "[gone](docs/no-such-file.md) [bad anchor](docs/api.md#no-such-heading) [fine](docs/api.md#paths)";
    expect(brokenLinks(join(ROOT, "README.md"), ROOT, faulty)).toEqual([
      "README.md: docs/no-such-file.md (no such file)",
      "README.md: docs/api.md#no-such-heading (no such heading)",
    ]);
  });
});

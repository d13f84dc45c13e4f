import { SESSION_COOKIE } from "@server/platform/http/cookies";
import { errorAnswer } from "@shared/schemas/answers-common";
import { type ApiAnswer, type ApiArea, type ApiRoute, openApiPath, pathParamNames } from "./registry";
import { type JsonSchema, jsonSchemaOf, queryParameters } from "./schema";

// Builds the OpenAPI 3.1 document from the route declarations; nothing in it is written by hand.

const ERROR_TEXTS: Record<number, string> = {
  400: "The input is invalid, or a query parameter is given more than once.",
  401: "Not signed in, or the session or token is no longer valid.",
  403: "The role does not allow this.",
  404: "Not found, or not visible to this user.",
  409: "Conflicts with the current state (for example a destination already live).",
  413: "The body is too large.",
  415: "The body is not of the type this path takes.",
  416: "The requested byte range is outside the file.",
  429: "Too many requests or too many streams; see the answer's fields.",
  502: "Steam failed or answered nonsense.",
  507: "The server's disk is too full; nothing was written.",
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };

function errorStatuses(route: ApiRoute): number[] {
  const statuses = new Set(route.errors ?? []);
  if (!route.public) statuses.add(401);
  // Every path refuses a repeated query parameter, whether it reads a query or not.
  statuses.add(400);
  if (pathParamNames(route.path).length > 0) statuses.add(404);
  if (route.body) for (const s of [413, 415]) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

function success(answer: ApiAnswer) {
  const { status = 200, description, schema, contentType = "application/json", headers } = answer;
  return {
    description,
    ...(headers
      ? {
          headers: Object.fromEntries(
            Object.entries(headers).map(([name, text]) => [
              name,
              { description: text, schema: { type: "string" } },
            ]),
          ),
        }
      : {}),
    // 204 and the answers to HEAD carry no body.
    ...(status === 204 || contentType === "none"
      ? {}
      : { content: { [contentType]: { schema: schema ? jsonSchemaOf(schema, "output") : {} } } }),
  };
}

function responses(route: ApiRoute) {
  const out: Record<string, unknown> = {};
  for (const answer of [route.answer, ...(route.otherAnswers ?? [])])
    out[answer.status ?? 200] = success(answer);
  for (const s of errorStatuses(route)) {
    out[s] = {
      description: ERROR_TEXTS[s] ?? "Refused.",
      content: { "application/json": { schema: ERROR_REF } },
    };
  }
  return out;
}

function requestBody(route: ApiRoute) {
  if (route.formBody) {
    return { required: true, content: { [route.formBody.contentType]: { schema: route.formBody.schema } } };
  }
  if (!route.body) return undefined;
  return { required: true, content: { "application/json": { schema: jsonSchemaOf(route.body, "input") } } };
}

function operation(route: ApiRoute, tag: string) {
  const idParams = pathParamNames(route.path).map((name) => ({
    name,
    in: "path",
    required: true,
    ...(route.ids?.[name] ? { description: route.ids[name] } : {}),
    schema: route.idSchemas?.[name] ?? ({ type: "integer", minimum: 1 } satisfies JsonSchema),
  }));
  const headers = (route.headers ?? []).map((h) => ({
    name: h.name,
    in: "header",
    ...(h.required ? { required: true } : {}),
    description: h.description,
    schema: h.schema ?? { type: "string" },
  }));
  const parameters = [...idParams, ...headers, ...(route.query ? queryParameters(route.query) : [])];
  const body = requestBody(route);
  return {
    tags: [tag],
    summary: route.summary,
    operationId: `${route.method}${openApiPath(route.path).replace(/[^a-zA-Z0-9]+(.)?/g, (_, c) => (c ?? "").toUpperCase())}`,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(route.public ? { security: [] } : route.sessionOnly ? { security: [{ sessionCookie: [] }] } : {}),
    responses: responses(route),
  };
}

/** A tag's paths may come from several features' areas: listed once, described by its first area. */
function tagsOf(areas: ApiArea[]) {
  const tags = new Map<string, { name: string; description: string }>();
  for (const { tag, description } of areas) if (!tags.has(tag)) tags.set(tag, { name: tag, description });
  return [...tags.values()];
}

/** The document of these areas; the composition root passes the console's own (server/api/openapi-routes.ts). */
export function buildDocument(areas: ApiArea[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const area of areas) {
    for (const route of area.routes) {
      const key = openApiPath(route.path);
      paths[key] ??= {};
      paths[key][route.method] = operation(route, area.tag);
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stream Console API",
      version: "1",
      description:
        'Every call answers JSON; a refusal is `{ "error": "…" }` with a 4xx status (502 when Steam fails, 507 when the disk is full). Sign in with `POST /auth/login` (session cookie) or send `Authorization: Bearer <token>`.',
    },
    servers: [{ url: "/api" }],
    tags: tagsOf(areas),
    security: [{ sessionCookie: [] }, { bearerToken: [] }],
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorAnswer, "output") },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by `POST /auth/login`; HttpOnly.",
        },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token, created on the profile page.",
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

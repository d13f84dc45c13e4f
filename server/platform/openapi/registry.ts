import type { z } from "zod";

// One declaration per REST path: the API document is built from these, and the contract test
// checks them against the routes the app really registers, so no path goes undocumented.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete" | "head";

/** What a successful call answers. Without a schema, the description says what comes back. */
export interface ApiAnswer {
  status?: 200 | 201 | 202 | 204;
  description: string;
  schema?: z.ZodType;
  /** Not JSON: a file, an image or a page. */
  contentType?: string;
  /** Headers the answer carries, each with what it says (a protocol such as tus answers in headers). */
  headers?: Record<string, string>;
}

/** A request header a call reads (a protocol such as tus asks in headers). */
export interface ApiHeader {
  name: string;
  description: string;
  required?: true;
  /** A JSON Schema; a string when left out. */
  schema?: Record<string, unknown>;
}

export interface ApiRoute {
  method: HttpMethod;
  /**
   * As registered under /api, in Hono's form: `/projects/:id`. Every `:name` is a positive integer id,
   * unless `idSchemas` says otherwise.
   * Paths that differ only in a parameter's name are one path to a client, so they share one name.
   */
  path: string;
  /** What a path id stands for in this operation, when its name does not say (`id` of a project). */
  ids?: Record<string, string>;
  /** A path parameter that is not a positive integer (an upload's hex id), as a JSON Schema. */
  idSchemas?: Record<string, Record<string, unknown>>;
  /** Request headers the call reads. */
  headers?: ApiHeader[];
  summary: string;
  /** Callable without signing in. */
  public?: true;
  /** Only with the session cookie: a bearer token is refused here (the token-management paths). */
  sessionOnly?: true;
  /** The query schema the handler parses with. */
  query?: z.ZodType;
  /** The JSON body schema the handler parses with. */
  body?: z.ZodType;
  /** A body that is not JSON (the upload), as a JSON Schema of its form fields. */
  formBody?: { contentType: string; schema: Record<string, unknown> };
  answer: ApiAnswer;
  /** Other successful answers of the same call (a last piece answers the stored item, the others 204). */
  otherAnswers?: ApiAnswer[];
  /**
   * Refusals beyond those every call of its kind can give: 401 when signed out, 400 for bad input
   * (every path: a query parameter given twice), 404 for an unknown id, 413/415 for a JSON body too
   * large or not JSON.
   */
  errors?: number[];
}

export interface ApiArea {
  /** The tag the reference page groups these paths under. */
  tag: string;
  description: string;
  routes: ApiRoute[];
}

/** Declares one area's paths; adding a path is one more entry in its area's list. */
export const apiArea = (tag: string, description: string, routes: ApiRoute[]): ApiArea => ({
  tag,
  description,
  routes,
});

/** `/projects/:id` → `/projects/{id}`, the document's form. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

export const pathParamNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

import type { ApiAnswer, HttpMethod } from "@server/platform/openapi/registry";
import { pathParamNames } from "@server/platform/openapi/registry";
import type { Context, CookieJar } from "@server/platform/trpc/init";
import { protectedProcedure, publicProcedure, sessionOnlyProcedure } from "@server/platform/trpc/procedures";
import type { SessionUser } from "@shared/types";
import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import { z } from "zod";
import { queryFromStrings } from "./query-strings";

// One declaration per call. It carries everything both transports and the API document need: the
// input schema, the handler, the REST method and path, who may call it and the document's entry.
// The tRPC procedure is built here; `./derive` turns a feature's declarations into its router, its
// Hono routes and its registry entries, so adding a call is one more entry in one file.

/** Who may call: anyone, a signed-in user (session or API token), or a session only (no token). */
export type Auth = "public" | "user" | "session";

export interface CallContext<A extends Auth> {
  deps: Context["deps"];
  user: A extends "public" ? SessionUser | null : SessionUser;
  /** The caller's session (an API token's call has one too); null only for an anonymous caller. */
  session: A extends "public" ? Context["session"] : NonNullable<Context["session"]>;
  /** The client's address, for sign-in throttling. */
  clientAddress: string;
  /** Sets or clears the session cookie on whichever transport carried the call. */
  cookies: CookieJar;
}

type InputOf<I> = I extends z.ZodType ? z.output<I> : undefined;
// biome-ignore lint/suspicious/noConfusingVoidType: tRPC types a procedure without input as `void`.
type WireInputOf<I> = I extends z.ZodType ? z.input<I> : void;

export interface RestSide<M extends HttpMethod, O = unknown> {
  method: M;
  /** As registered under /api, in Hono's form: `/tokens/:id`. */
  path: string;
  /**
   * Path ids and the input fields they fill: `{ id: "destinationId" }`. Each is read as a positive
   * integer (400 `Invalid <name>` otherwise) and is not taken from the body or query.
   */
  params?: Record<string, string>;
  /**
   * Where the rest of the input comes from. Unsaid: the query for GET and DELETE, the JSON body for
   * POST and PUT, nothing when the path ids are the whole input.
   */
  from?: "body" | "query";
  /**
   * Who REST admits, when it asks more than tRPC: a REST caller has no guard to read a null answer
   * as "signed out", so a call tRPC answers anyone with can still want a user over REST (401).
   */
  auth?: Auth;
  /**
   * What REST answers, when it is only part of the handler's result (the document's answer). Type
   * its parameter: written before the handler, it would otherwise leave the call's answer unknown.
   */
  reply?(result: Awaited<O>): unknown;
}

/** The API document's entry for the call; the path, method, input and security come from the rest. */
export interface DocSide {
  summary: string;
  /** What success answers; its `status` (201) is also the status REST answers with. */
  answer: ApiAnswer;
  /** What a path id stands for, when its name does not say. */
  ids?: Record<string, string>;
  /** Refusals beyond those every call of its kind gives (see ApiRoute.errors). */
  errors?: number[];
}

export interface CallSpec<A extends Auth, I extends z.ZodType | undefined, M extends HttpMethod, O> {
  auth: A;
  input?: I;
  rest: RestSide<M, O>;
  doc: DocSide;
  /** Calls the feature's service; knows nothing of HTTP or tRPC. */
  handler: (ctx: CallContext<A>, input: InputOf<I>) => O;
}

type Built<I, O> = { input: WireInputOf<I>; output: Awaited<O>; meta: object };
/** GET reads, so it is a tRPC query; every other method changes something, so it is a mutation. */
export type ProcedureOf<I, M, O> = M extends "get"
  ? TRPCQueryProcedure<Built<I, O>>
  : TRPCMutationProcedure<Built<I, O>>;

/** A declared call, with what the transports need derived once. */
export interface Call<A extends Auth = Auth, I = unknown, M extends HttpMethod = HttpMethod, O = unknown> {
  auth: A;
  /** Who REST and the document admit: `rest.auth` when said, else `auth`. */
  restAuth: Auth;
  rest: RestSide<M>;
  doc: DocSide;
  /** The tRPC procedure: the input schema as it is, the handler behind the auth's procedure. */
  procedure: ProcedureOf<I, M, O>;
  /** The schema REST parses the JSON body with, when the call reads one. */
  body?: z.ZodType;
  /** The schema REST parses the query with (strings turned into the input's numbers and flags). */
  query?: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: the handler's context and input are checked by `call`.
  handler: (ctx: CallContext<any>, input: any) => unknown;
}

const PROCEDURES = { public: publicProcedure, user: protectedProcedure, session: sessionOnlyProcedure };

/** The input without the fields the path fills: what the body or query must hold. */
function withoutPathFields(input: z.ZodType, fields: string[], path: string): z.ZodType {
  if (fields.length === 0) return input;
  if (!(input instanceof z.ZodObject)) throw new Error(`${path}: path ids need an object input schema`);
  const unknown = fields.filter((f) => !(f in input.shape));
  if (unknown.length > 0) throw new Error(`${path}: no input field ${unknown.join(", ")}`);
  // The mask's keys were checked against the shape just above.
  return input.omit(Object.fromEntries(fields.map((f) => [f, true])) as never);
}

function restSchemas(spec: CallSpec<Auth, z.ZodType | undefined, HttpMethod, unknown>) {
  const { input, rest } = spec;
  const names = pathParamNames(rest.path);
  const params = rest.params ?? {};
  const unmapped = names.filter((n) => !(n in params));
  if (unmapped.length > 0 || Object.keys(params).some((n) => !names.includes(n)))
    throw new Error(`${rest.method} ${rest.path}: map every path id to an input field, and only those`);
  if (!input) return {};
  const fields = Object.values(params);
  const remaining = withoutPathFields(input, fields, rest.path);
  const shapeLeft = remaining instanceof z.ZodObject ? Object.keys(remaining.shape).length : 1;
  const from =
    rest.from ??
    (shapeLeft === 0 ? undefined : rest.method === "get" || rest.method === "delete" ? "query" : "body");
  if (from === "body") return { body: remaining };
  if (from === "query") return { query: queryFromStrings(remaining) };
  return {};
}

/** Declares one call. */
export function call<A extends Auth, M extends HttpMethod, O, I extends z.ZodType | undefined = undefined>(
  spec: CallSpec<A, I, M, O>,
): Call<A, I, M, O> {
  const base = PROCEDURES[spec.auth];
  const withInput = spec.input ? base.input(spec.input) : base;
  // biome-ignore lint/suspicious/noExplicitAny: the procedure's context is narrowed by its auth.
  const resolve = ({ ctx, input }: { ctx: any; input: any }) =>
    spec.handler(
      {
        deps: ctx.deps,
        user: ctx.user,
        session: ctx.session,
        clientAddress: ctx.clientAddress,
        cookies: ctx.cookies,
      },
      input,
    );
  const built = spec.rest.method === "get" ? withInput.query(resolve) : withInput.mutation(resolve);
  return {
    auth: spec.auth,
    restAuth: spec.rest.auth ?? spec.auth,
    rest: spec.rest,
    doc: spec.doc,
    // The builder's own type is as wide as any procedure; the declaration's generics say which.
    procedure: built as ProcedureOf<I, M, O>,
    handler: spec.handler as Call["handler"],
    ...restSchemas(spec as CallSpec<Auth, z.ZodType | undefined, HttpMethod, unknown>),
  };
}

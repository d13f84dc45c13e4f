import type { ApiAnswer, HttpMethod } from "@server/platform/openapi/registry";
import { pathParamNames } from "@server/platform/openapi/registry";
import type { Context, CookieJar } from "@server/platform/trpc/init";
import { protectedProcedure, publicProcedure, sessionOnlyProcedure } from "@server/platform/trpc/procedures";
import { refuseNul } from "@server/platform/validation";
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
   * The name a bad path id is refused with, where it is not the path's own: a path shared by calls
   * whose id means different things (`{ id: "projectId" }` answers 400 `Invalid projectId`).
   */
  idLabels?: Record<string, string>;
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
  /** What success answers; its `status` (201) is also the status REST answers with: always a JSON body. */
  answer: ApiAnswer & { status?: 200 | 201 | 202 };
  /** What a path id stands for, when its name does not say. */
  ids?: Record<string, string>;
  /** Refusals beyond those every call of its kind gives (see ApiRoute.errors). */
  errors?: number[];
}

/** A tRPC query reads; a mutation changes something (or, called from a button, costs something). */
export type Kind = "query" | "mutation";
/** GET reads, so it is a tRPC query; every other method changes something, so it is a mutation. */
export type KindOf<M> = M extends "get" ? "query" : "mutation";

export interface CallSpec<
  A extends Auth,
  I extends z.ZodType | undefined,
  M extends HttpMethod,
  O,
  K extends Kind = KindOf<M>,
> {
  auth: A;
  input?: I;
  /**
   * The tRPC kind, where it is not the method's: a check the console runs from a button as a
   * mutation, offered to scripts as a GET.
   */
  kind?: K;
  rest: RestSide<M, O>;
  doc: DocSide;
  /** Calls the feature's service; knows nothing of HTTP or tRPC. */
  handler: (ctx: CallContext<A>, input: InputOf<I>) => O;
  /**
   * What REST answers instead, where a script needs another answer than the console: a sync the
   * console polls as a job, a script waits for and gets its result. Same input, same refusals.
   */
  restHandler?: (ctx: CallContext<A>, input: InputOf<I>) => unknown;
}

type Built<I, O> = { input: WireInputOf<I>; output: Awaited<O>; meta: object };
export type ProcedureOfKind<I, K, O> = K extends "query"
  ? TRPCQueryProcedure<Built<I, O>>
  : TRPCMutationProcedure<Built<I, O>>;
export type ProcedureOf<I, M, O> = ProcedureOfKind<I, KindOf<M>, O>;

/** A declared call, with what the transports need derived once. */
export interface Call<
  A extends Auth = Auth,
  I = unknown,
  M extends HttpMethod = HttpMethod,
  O = unknown,
  K extends Kind = KindOf<M>,
> {
  auth: A;
  /** Who REST and the document admit: `rest.auth` when said, else `auth`. */
  restAuth: Auth;
  rest: RestSide<M>;
  doc: DocSide;
  /** The tRPC procedure: the input schema as it is, the handler behind the auth's procedure. */
  procedure: ProcedureOfKind<I, K, O>;
  /** The schema REST parses the JSON body with, when the call reads one. */
  body?: z.ZodType;
  /** The schema REST parses the query with (strings turned into the input's numbers and flags). */
  query?: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: the handler's context and input are checked by `call`.
  handler: (ctx: CallContext<any>, input: any) => unknown;
}

const PROCEDURES = { public: publicProcedure, user: protectedProcedure, session: sessionOnlyProcedure };

/**
 * The input without the fields the path fills: what the body or query must hold. The input is an
 * object, or an object piped into a transform (a check across fields that also narrows the type,
 * such as "exactly one of two"); the transform then runs on what is left, before the path's ids are
 * added, so it must not read the fields the path fills. Checks on the whole object ("change at least
 * one field") stay on what is left, so they too must read only those fields.
 */
function withoutPathFields(input: z.ZodType, fields: string[], path: string): z.ZodType {
  if (fields.length === 0) return input;
  if (input instanceof z.ZodPipe && input.in instanceof z.ZodObject && input.out instanceof z.ZodTransform)
    return z.pipe(withoutPathFields(input.in, fields, path), input.out as z.ZodType);
  if (!(input instanceof z.ZodObject))
    throw new Error(`${path}: path ids need an object input schema, or one piped into a transform`);
  const unknown = fields.filter((f) => !(f in input.shape));
  if (unknown.length > 0) throw new Error(`${path}: no input field ${unknown.join(", ")}`);
  // zod will not omit from an object with checks, so they come off first and go back on after.
  const checks = input.def.checks ?? [];
  const bare = checks.length > 0 ? input.clone({ ...input.def, checks: [] }) : input;
  // The mask's keys were checked against the shape just above.
  const left: z.ZodType = bare.omit(Object.fromEntries(fields.map((f) => [f, true])) as never);
  return checks.length > 0 ? left.check(...(checks as z.core.$ZodCheck<unknown>[])) : left;
}

function restSchemas(spec: CallSpec<Auth, z.ZodType | undefined, HttpMethod, unknown>) {
  const { input, rest } = spec;
  const names = pathParamNames(rest.path);
  const params = rest.params ?? {};
  const unmapped = names.filter((n) => !(n in params));
  const strays = [...Object.keys(params), ...Object.keys(rest.idLabels ?? {})].filter(
    (n) => !names.includes(n),
  );
  if (unmapped.length > 0 || strays.length > 0)
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

type AnyHandler = Call["handler"];

function procedureOf(auth: Auth, input: z.ZodType | undefined, kind: Kind, handler: AnyHandler) {
  const base = PROCEDURES[auth];
  const withInput = input ? base.input(input) : base;
  // biome-ignore lint/suspicious/noExplicitAny: the procedure's context is narrowed by its auth.
  const resolve = ({ ctx, input }: { ctx: any; input: any }) => {
    // After the schema, as on the REST paths: no text holding NUL reaches a service.
    refuseNul(input);
    return handler(
      {
        deps: ctx.deps,
        user: ctx.user,
        session: ctx.session,
        clientAddress: ctx.clientAddress,
        cookies: ctx.cookies,
      },
      input,
    );
  };
  return kind === "query" ? withInput.query(resolve) : withInput.mutation(resolve);
}

/** Declares one call. */
export function call<
  A extends Auth,
  M extends HttpMethod,
  O,
  I extends z.ZodType | undefined = undefined,
  K extends Kind = KindOf<M>,
>(spec: CallSpec<A, I, M, O, K>): Call<A, I, M, O, K> {
  const kind = spec.kind ?? (spec.rest.method === "get" ? "query" : "mutation");
  const built = procedureOf(spec.auth, spec.input, kind, spec.handler as AnyHandler);
  return {
    auth: spec.auth,
    restAuth: spec.rest.auth ?? spec.auth,
    rest: spec.rest,
    doc: spec.doc,
    // The builder's own type is as wide as any procedure; the declaration's generics say which.
    procedure: built as ProcedureOfKind<I, K, O>,
    handler: (spec.restHandler ?? spec.handler) as AnyHandler,
    ...restSchemas(spec as CallSpec<Auth, z.ZodType | undefined, HttpMethod, unknown>),
  };
}

/** A call only the console makes: a tRPC procedure with no REST path and no document entry. */
export interface ConsoleCallSpec<A extends Auth, I extends z.ZodType | undefined, K extends Kind, O> {
  auth: A;
  input?: I;
  /** A query reads, a mutation changes something. */
  kind: K;
  handler: (ctx: CallContext<A>, input: InputOf<I>) => O;
}

/** A console-only call, declared once; `trpcRouter` takes it beside the declared calls. */
export interface ConsoleCall<I = unknown, K extends Kind = Kind, O = unknown> {
  procedure: ProcedureOfKind<I, K, O>;
}

/** Declares a call the REST API does not offer (polling a job the console started, say). */
export function consoleCall<A extends Auth, K extends Kind, O, I extends z.ZodType | undefined = undefined>(
  spec: ConsoleCallSpec<A, I, K, O>,
): ConsoleCall<I, K, O> {
  const built = procedureOf(spec.auth, spec.input, spec.kind, spec.handler as AnyHandler);
  return { procedure: built as ConsoleCall<I, K, O>["procedure"] };
}

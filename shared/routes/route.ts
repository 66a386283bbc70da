import * as z from '../schemas/zod.ts';
import type { Permission } from '../auth/permissions.ts';
import type { ErrorCode } from '../error-codes.ts';
import type { EventType } from '../events/event-types.ts';
import { Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import type { Responses } from '../schemas/responses.ts';

/**
 * What a row of the route table is (shared/routes.ts gathers the areas' rows), the shared
 * path prefixes, and the types a handler's request is inferred from: a handler takes its row
 * (`endpoint(journalsRoutes.post, ...)`) and gets body, query and path parameter types from
 * it, so permission, schemas and idempotency are declared in the row and nowhere else.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: `public` (no credentials), `user` (any signed-in user, no company), or the permission needed inside the path's company. */
export type Access = 'public' | 'user' | Permission;

/** What a row declares; `route()` adds its name. */
export type ResponseName = keyof Responses;

/** Schemas are given as functions that build them on first call (schemas/lazy.ts). */
export type SchemaOf<S extends z.ZodMiniType = z.ZodMiniType> = () => S;

export interface RouteSpec<P extends string = string, B extends SchemaOf | undefined = SchemaOf | undefined, Q extends SchemaOf | undefined = SchemaOf | undefined> {
  /** One row may serve several methods with one function (period Close: POST and PUT). */
  methods: readonly [Method, ...Method[]];
  /** Path under the base URL; `{companyId}`-style parameters are UUIDs, except those of `pathReferences`. */
  path: P;
  /**
   * Path parameters naming an account or a cost center, which take its path of codes as well as
   * its UUID (spec: Code paths), with what they name. A path is resolved in the company before
   * the use case runs and replaced by the UUID (http/path-references.ts), so the use case, the
   * event and the log all see the UUID; the handler hands `endpoint()` the store that resolves it.
   */
  pathReferences?: { readonly [param: string]: 'account' | 'cost center' };
  /** Handler module relative to the project root; it exports `handler`, built from this row. */
  handler: string;
  access: Access;
  /**
   * Permissions needed beside `access`, where a route shows what two permissions guard (the
   * auditors' data: the books' figures under `reports:read`, who did what under `audit:read`).
   * The authentication step refuses a caller lacking any of them (403), before the use case runs.
   */
  alsoNeeds?: readonly Permission[];
  /** Operation type for the Idempotency-Key scope; absent where the spec marks no idempotency. */
  idempotentOperation?: string;
  /** The event a successful write records in its own transaction (shared/events); absent for reads. */
  event?: EventType;
  body?: B;
  /**
   * The body is a JSON Merge Patch (RFC 7396) of the record: fields left out stay, null clears
   * a nullable one. Taken as application/json or application/merge-patch+json alike.
   */
  mergePatch?: true;
  query?: Q;
  /**
   * The 200 body can also be a CSV or XLSX file (`format`, or the Accept header; shared/exports):
   * the query takes the export parameters, and the OpenAPI document lists the file media types.
   */
  exportable?: true;
  /**
   * The 200 body is a file of this format and nothing else, in a layout an authority fixes (`csv`:
   * the FTA audit file; `xml`: the SAF-T export): no JSON, no `format` or `language`; an Accept
   * header taking none of its media types is 406. The OpenAPI document lists that media type alone,
   * and the row names no `response`. An `xml` row is an export job's route too (format `xml`:
   * shared/routes/export-targets.ts).
   */
  fileOnly?: 'csv' | 'xml';
  /**
   * The 200 body, by its name in schemas/responses.ts (a page of them for lists); absent
   * where the body is empty. A name, not the schema, keeps response schemas out of the
   * functions' bundles: only the OpenAPI document and the contract test build them.
   */
  response?: ResponseName | { page: ResponseName };
  /**
   * The error codes the use case raises (its "Errors:" comment), beyond those the row's kind
   * implies (input, authentication, idempotency, availability: infra/openapi-errors.ts).
   * The OpenAPI document shows each with an example body; a test holds them to the comments.
   */
  errors?: readonly ErrorCode[];
  /**
   * What the row's function does in the documents bucket (object storage, shared/db/documents):
   * `upload` signs uploads into it, `read` reads its objects and signs downloads, `check` does what
   * `read` does and locks the objects it finds as declared (s3:PutObjectRetention), `evidence` reads
   * its objects by signed HTTP requests without the S3 client (Verify). The stack grants exactly
   * that (`evidence` as `read`) and names the bucket in the function's environment; with the S3
   * client, the bundle keeps the SDK's own checksum and event-stream modules, which the client needs
   * (infra/bundling/options.ts).
   */
  documents?: 'upload' | 'read' | 'check' | 'evidence';
  /**
   * The row's function reads the company's archived event segments in the documents bucket
   * (shared/db/documents/archive-objects.ts): the stack grants it reading `companies/<c>/events/`
   * and names the bucket in its environment; its bundle takes no S3 client (Verify).
   */
  archivedEvents?: true;
  /** The request is accepted for work done later (an export job): its success is 202, the body the job as queued. */
  accepted?: true;
  /**
   * What the row's function does in the exports bucket (export jobs' files): `read` signs
   * downloads of them. The stack grants exactly that and names the bucket in its environment.
   */
  exportFiles?: 'read';
  /** The largest JSON body the row takes, when it is not the service's 1 MB (imports carry whole files). */
  maxBodyBytes?: number;
  summary: string;
  tag: string;
}

export type Route<P extends string = string, B extends SchemaOf | undefined = SchemaOf | undefined, Q extends SchemaOf | undefined = SchemaOf | undefined> = RouteSpec<P, B, Q> & {
  /** `<area>.<action>`, as in logs and cursor bindings. */
  readonly name: string;
};

/** The names of the `{param}` segments of a path, as a type. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };
export type BodyOf<R> = R extends Route<string, infer B, SchemaOf | undefined> ? (B extends SchemaOf<infer S> ? z.output<S> : undefined) : never;
export type QueryOf<R> = R extends Route<string, SchemaOf | undefined, infer Q> ? (Q extends SchemaOf<infer S> ? z.output<S> : undefined) : never;
export type ParamsOf<R> = R extends Route<infer P> ? PathParams<P> : never;

/**
 * A row named `<area>.<action>`, keeping its literal types. Rows call it under a `@__PURE__`
 * mark (esbuild honours it only at the call) with the row inside a function (it counts a
 * template-literal path as a side effect), so a bundle drops every row its handler does not import.
 */
export function route<const T extends RouteSpec>(name: string, row: () => T): T & { readonly name: string } {
  return { ...row(), name };
}

export const VersionBody = /* @__PURE__ */ lazy(() => z.strictObject({ version: Version() }));
export { AUTH, V1, company, year, period, journal } from '../schemas/api-paths.ts';

/** Names of the `{param}` segments of a path, in order. */
/** A row's success status: 202 for one that accepts work done later (an export job), else 200. */
export const successStatus = (row: Pick<RouteSpec, 'accepted'>): 200 | 202 => (row.accepted ? 202 : 200);

export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

import * as z from '../shared/schemas/zod.ts';
import { ROUTES, pathParameters, successStatus, type Method, type Route } from '../shared/routes.ts';
import { errorExamples, errorResponses, routeErrors } from './openapi-errors.ts';
import { ROUTE_EXAMPLES, type RouteExample } from './openapi-examples.ts';
import { describeProperties, GLOSSARY } from './openapi-glossary.ts';
import { shareRepeatedFields } from './openapi-shared-fields.ts';
import { responseSchema } from '../shared/schemas/responses.ts';
import { Reference } from '../shared/schemas/common.ts';
import { MEDIA_TYPES } from '../shared/exports/formats.ts';

/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas, so the
 * document cannot disagree with what the handlers accept.
 */
const ErrorBody = {
  type: 'object',
  description: 'Every error answer: the HTTP status, one item per problem (the field path or generalErrors, the reason, a code from docs/errors.md) and the request id of the log line.',
  required: ['status', 'errors'],
  properties: {
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'reason', 'code'],
        properties: { name: { type: 'string' }, reason: { type: 'string' }, code: { type: 'string' } },
      },
    },
    requestId: { type: 'string' },
  },
};

/** What an exportable operation answers besides JSON (shared/exports). */
const FILE_CONTENT = {
  [MEDIA_TYPES.csv]: { schema: { type: 'string', description: 'UTF-8 with a byte order mark, one header row, amounts as plain decimals at the currency’s precision' } },
  [MEDIA_TYPES.xlsx]: { schema: { type: 'string', format: 'binary', description: 'One worksheet: amounts as numbers in the currency’s format, the tree by indentation, totals in bold, right to left for language=ar' } },
};
/** What a file-only operation answers (shared/routes/route.ts `fileOnly`), by its format. */
const FILE_ONLY = {
  csv: {
    description: 'OK: a CSV file and nothing else (no JSON); an Accept header taking no `text/csv` is 406. The whole range in one file, up to 50,000 lines and 4 MiB (413 `ExportTooLarge` names a narrower `dateTo`).',
    schema: { type: 'string', description: 'UTF-8 without a byte order mark, in the layout the operation describes' },
    fileName: 'attachment; filename="<file>_<range>.csv"',
  },
  xml: {
    description:
      'OK: an XML document and nothing else (no JSON); an Accept header taking neither `application/xml` nor `text/xml` is 406. The whole range in one document, up to 50,000 lines and 4 MiB (413 `ExportTooLarge` names a narrower `dateTo` and the export job, `POST .../Exports` with format `xml`, that writes the whole range).',
    schema: { type: 'string', description: 'UTF-8 XML in the namespace and layout the operation describes' },
    fileName: 'attachment; filename="<file>_<range>.xml"',
  },
} as const;
const EXPORT_DESCRIPTION =
  'OK. JSON by default; a CSV or XLSX file with `format=csv|xlsx` or the matching Accept header (`format` wins; an Accept naming none of the three is 406). A general ledger or journal list file holds the whole range, not a page, up to 50,000 lines and 4 MiB (413 `ExportTooLarge` names a narrower `dateTo`).';

const jsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** A path parameter: a UUID, or where the row names an account or cost center there, its UUID or path. */
function pathParameter(route: Route, name: string) {
  const names = route.pathReferences?.[name];
  if (!names) return { name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  return {
    name,
    in: 'path',
    required: true,
    description: `The ${names}: its UUID, or its path of codes from the root (such as 1.11.1101, percent-encoded where a code holds characters a URL path cannot), resolved in the company. A path naming nothing is a 404 naming \`${name}\`.`,
    schema: jsonSchema(Reference()),
  };
}

/** The request body: JSON, and for a merge patch (RFC 7396) the same under its own media type. */
function requestContent(route: Route, example: RouteExample | undefined) {
  const json = { schema: jsonSchema(route.body!()), ...(example?.body !== undefined ? { example: example.body } : {}) };
  return { 'application/json': json, ...(route.mergePatch ? { 'application/merge-patch+json': { schema: json.schema } } : {}) };
}

function operation(route: Route, method: Method, path: string) {
  const query = route.query ? (jsonSchema(route.query()) as { properties?: Record<string, object>; required?: string[] }) : undefined;
  const example = ROUTE_EXAMPLES[route.name];
  return {
    // A row serving several methods names each operation by its method too (periods.close.put).
    operationId: [route.name, ...(route.methods.length > 1 && method !== route.methods[0] ? [method.toLowerCase()] : [])].join('.'),
    summary: route.summary,
    ...(example ? { description: `Example request: \`${example.request}\`` } : {}),
    tags: [route.tag],
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.access !== 'public' && route.access !== 'user' ? { 'x-permission': route.access } : {}),
    ...(route.alsoNeeds ? { 'x-also-permissions': route.alsoNeeds } : {}),
    parameters: [
      ...pathParameters(path).map((name) => pathParameter(route, name)),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema })),
      ...(route.idempotentOperation
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } }]
        : []),
    ],
    ...(route.body ? { requestBody: { required: true, content: requestContent(route, example) } } : {}),
    responses: {
      // A row accepting work done later (an export job) answers 202, the others 200.
      [successStatus(route)]: route.fileOnly
        ? {
            description: FILE_ONLY[route.fileOnly].description,
            content: { [MEDIA_TYPES[route.fileOnly]]: { schema: FILE_ONLY[route.fileOnly].schema, ...(typeof example?.response === 'string' ? { example: example.response } : {}) } },
            headers: { 'Content-Disposition': { description: FILE_ONLY[route.fileOnly].fileName, schema: { type: 'string' } } },
          }
        : route.response
        ? {
            description: route.exportable ? EXPORT_DESCRIPTION : 'OK',
            content: {
              'application/json': { schema: z.toJSONSchema(responseSchema(route.response), { io: 'output', unrepresentable: 'any' }), ...(example?.response !== undefined ? { example: example.response } : {}) },
              ...(route.exportable ? FILE_CONTENT : {}),
            },
            ...(route.exportable ? { headers: { 'Content-Disposition': { description: 'attachment; filename="<report>_<range>_<language>.csv|xlsx" (files only; language en or ar)', schema: { type: 'string' } } } } : {}),
          }
        : { description: 'OK, with an empty body' },
      ...errorResponses(route),
    },
  };
}

let documentText: string | undefined;

/**
 * The document as `/openapi.json` answers it, built on the first request of a process and kept:
 * the route table it is made from does not change while a process runs, and building it takes
 * tens of milliseconds.
 */
export function openApiText(): string {
  return (documentText ??= JSON.stringify(openApiDocument()));
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  // Each route once, under its versioned path; the unversioned aliases are named in the description.
  const built: Array<{ route: Route; op: ReturnType<typeof operation> }> = [];
  for (const route of ROUTES) {
    const operations = (paths[route.path] ??= {});
    for (const method of route.methods) {
      const op = operation(route, method, route.path);
      operations[method.toLowerCase()] = op;
      built.push({ route, op });
    }
  }
  // Fields and parameters get the glossary's description where their schema has none.
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations) as Array<{ parameters: Array<{ name: string; description?: string }> }>) {
      describeProperties(op);
      for (const parameter of op.parameters) parameter.description ??= GLOSSARY[parameter.name];
    }
  }
  const schemas = shareResponseSchemas(built);
  const responses = shareRepeatedResponses(paths);
  const parameters = shareRepeatedParameters(built.map((b) => b.op));
  shareRepeatedFields([schemas, paths, parameters], schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledger service',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Multi-company double-entry accounting API. Every route under `/api/v1/` also answers, identically, without the version segment (`/api/Companies/...`); those aliases are not listed again. Decisions: docs/decisions.md in the repository.',
    },
    // Paths are absolute: the document is served by the API it describes (local gateway or API Gateway).
    servers: [{ url: '/', description: 'The API serving this document' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token, or an API key (sk-svc_...).' } },
      schemas: { Error: ErrorBody, ...schemas },
      responses,
      parameters,
      examples: errorExamples(ROUTES.flatMap(routeErrors)),
    },
  };
}

/** The statuses of an operation's success (200, or 202 for work accepted to be done later): never shared. */
const SUCCESS = new Set(['200', '202']);

type ErrorResponse = { content: { 'application/json': { examples: Record<string, unknown> } } };

/**
 * Error responses that several operations give alike (the same status and codes: 401, 503, most
 * 404s) move to `components.responses`, each named by its codes and status
 * (`Unauthorized.401`), the operations referring to them: the document says each once.
 */
function shareRepeatedResponses(paths: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const operations = Object.values(paths).flatMap((ops) => Object.values(ops) as Array<{ responses: Record<string, unknown> }>);
  const uses = new Map<string, number>();
  for (const op of operations) for (const [status, response] of Object.entries(op.responses)) if (!SUCCESS.has(status)) uses.set(JSON.stringify(response), (uses.get(JSON.stringify(response)) ?? 0) + 1);
  const shared: Record<string, unknown> = {};
  for (const op of operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      if (SUCCESS.has(status) || (uses.get(JSON.stringify(response)) ?? 0) < 2) continue;
      const name = `${Object.keys((response as ErrorResponse).content['application/json'].examples).join('_')}.${status}`;
      shared[name] = response;
      op.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  return shared;
}

/**
 * Each named response body (the route table's `response`: `JournalResponse`, a page of them
 * `JournalResponsePage`) goes to `components.schemas` once, described, and every operation
 * answering it refers to it: many operations answer a journal or an account.
 */
function shareResponseSchemas(built: ReadonlyArray<{ route: Route; op: { responses: Record<string, unknown> } }>): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const { route, op } of built) {
    if (!route.response) continue;
    const name = typeof route.response === 'string' ? route.response : `${route.response.page}Page`;
    const json = (op.responses[route.accepted ? '202' : '200'] as { content: Record<string, { schema: unknown }> }).content['application/json']!;
    // The document's dialect is JSON Schema 2020-12 already: a shared schema need not say so.
    const { $schema: _dialect, ...schema } = json.schema as Record<string, unknown>;
    schemas[name] ??= schema;
    // One name, one schema: the route table names a response by what it is.
    if (JSON.stringify(schemas[name]) !== JSON.stringify(schema)) throw new Error(`Response ${name} differs between operations (${route.name})`);
    json.schema = { $ref: `#/components/schemas/${name}` };
  }
  referToEachOther(schemas);
  return schemas;
}

/**
 * Within the shared schemas, a part equal to another shared schema (a page's items, a stored
 * report's figures) becomes a reference to it.
 */
function referToEachOther(schemas: Record<string, unknown>): void {
  const names = new Map(Object.entries(schemas).map(([name, schema]) => [JSON.stringify(schema), name]));
  const refer = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const name = names.get(JSON.stringify(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    if (Array.isArray(node)) return node.map(refer);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, refer(value)]));
  };
  for (const [name, schema] of Object.entries(schemas)) {
    schemas[name] = Object.fromEntries(Object.entries(schema as object).map(([key, value]) => [key, refer(value)]));
  }
}

/**
 * Parameters that several operations take alike (`format`, `language`, `pageSize`, the path's
 * ids) move to `components.parameters`, named by where and what they are (`query.format`; a
 * second variant of a name gets a number), the operations referring to them.
 */
function shareRepeatedParameters(operations: ReadonlyArray<{ parameters: unknown[] }>): Record<string, unknown> {
  const uses = new Map<string, number>();
  for (const op of operations) for (const parameter of op.parameters) uses.set(JSON.stringify(parameter), (uses.get(JSON.stringify(parameter)) ?? 0) + 1);
  const names = new Map<string, string>();
  const shared: Record<string, unknown> = {};
  for (const op of operations) {
    op.parameters = op.parameters.map((parameter) => {
      const json = JSON.stringify(parameter);
      if ((uses.get(json) ?? 0) < 2) return parameter;
      let name = names.get(json);
      if (!name) {
        const { in: where, name: called } = parameter as { in: string; name: string };
        const base = `${where}.${called}`;
        name = base;
        for (let n = 2; name in shared; n++) name = `${base}.${n}`;
        names.set(json, name);
        shared[name] = parameter;
      }
      return { $ref: `#/components/parameters/${name}` };
    });
  }
  return shared;
}

import * as z from '../shared/schemas/zod.ts';
import { ROUTES, pathParameters, type Method, type Route } from '../shared/routes.ts';
import { errorResponses } from './openapi-errors.ts';
import { ROUTE_EXAMPLES } from './openapi-examples.ts';
import { describeProperties, GLOSSARY } from './openapi-glossary.ts';
import { responseSchema } from '../shared/schemas/responses.ts';
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
const EXPORT_DESCRIPTION =
  'OK. JSON by default; a CSV or XLSX file with `format=csv|xlsx` or the matching Accept header (`format` wins; an Accept naming none of the three is 406). A general ledger or journal list file holds the whole range, not a page, up to 50,000 lines and 4 MiB (413 `ExportTooLarge` names a narrower `dateTo`).';

const jsonSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

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
    parameters: [
      ...pathParameters(path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema })),
      ...(route.idempotentOperation
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } }]
        : []),
    ],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body()), ...(example?.body !== undefined ? { example: example.body } : {}) } } } } : {}),
    responses: {
      200: route.response
        ? {
            description: route.exportable ? EXPORT_DESCRIPTION : 'OK',
            content: {
              'application/json': { schema: z.toJSONSchema(responseSchema(route.response), { io: 'output', unrepresentable: 'any' }), ...(example?.response !== undefined ? { example: example.response } : {}) },
              ...(route.exportable ? FILE_CONTENT : {}),
            },
            ...(route.exportable ? { headers: { 'Content-Disposition': { description: 'attachment; filename="<report>_<range>.csv|xlsx" (files only)', schema: { type: 'string' } } } } : {}),
          }
        : { description: 'OK, with an empty body' },
      ...errorResponses(route),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  // Each route once, under its versioned path; the unversioned aliases are named in the description.
  for (const route of ROUTES) {
    const operations = (paths[route.path] ??= {});
    for (const method of route.methods) operations[method.toLowerCase()] = operation(route, method, route.path);
  }
  // Fields and parameters get the glossary's description where their schema has none.
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations) as Array<{ parameters: Array<{ name: string; description?: string }> }>) {
      describeProperties(op);
      for (const parameter of op.parameters) parameter.description ??= GLOSSARY[parameter.name];
    }
  }
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
      schemas: { Error: ErrorBody },
    },
  };
}

import { codeOf, ERROR_CODES, statusOf, type ErrorCode } from '../shared/error-codes.ts';
import { pathParameters, type Route } from '../shared/routes.ts';

/**
 * The error codes each operation can answer, and their responses in the OpenAPI document: per
 * status, one example body per code. A route answers the codes its row names (`errors`, what
 * its use case raises) and those its kind implies: input checks, authentication, idempotency,
 * the database being away.
 */
export function routeErrors(route: Route): ErrorCode[] {
  const hasInput = route.body !== undefined || route.query !== undefined || pathParameters(route.path).length > 0;
  const implied: ErrorCode[] = [
    ...(hasInput || route.idempotentOperation ? ['400 ValidationError' as const] : []),
    ...(route.body !== undefined || route.query !== undefined || route.idempotentOperation ? ['400 InvalidText' as const] : []),
    ...(route.query !== undefined || pathParameters(route.path).length > 0 ? ['400 InvalidEncoding' as const] : []),
    ...(route.body ? ['400 InvalidJson' as const, '413 PayloadTooLarge' as const] : []),
    ...(typeof route.response === 'object' ? ['400 InvalidCursor' as const] : []),
    ...(route.exportable || route.fileOnly ? ['406 NotAcceptable' as const, '413 ExportTooLarge' as const, '429 TooManyExports' as const] : []),
    ...(route.access !== 'public' ? ['401 Unauthorized' as const, '403 Forbidden' as const] : []),
    // A company the caller cannot see is 404, as is any record the path names.
    ...(pathParameters(route.path).length > 0 ? ['404 NotFound' as const] : []),
    ...(route.idempotentOperation ? ['409 Conflict' as const, '422 IdempotencyKeyReused' as const] : []),
    '500 InternalError',
    '503 ServiceUnavailable',
  ];
  const all = new Set<ErrorCode>([...implied, ...(route.errors ?? [])]);
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => all.has(code));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: the input breaks a rule (`name` is the field)',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict with the record’s version or state',
  406: 'Not acceptable: the Accept header names no format the operation answers',
  413: 'Too large: the request body, or the file an export would write',
  422: 'Idempotency-Key reused for another record',
  429: 'Too many requests of this kind under way: retry after Retry-After',
  500: 'Internal error',
  503: 'Unavailable: retry after Retry-After',
};

/** The example body of a code, as the service answers it. */
export function exampleBody(code: ErrorCode) {
  const { example } = ERROR_CODES[code];
  return { status: statusOf(code), errors: [{ ...example, code: codeOf(code) }], requestId: 'b1946ac9-2f4c-4b8e-9d2a-6f1e3c5d7a80' };
}

/** The name of a code's example body under `components.examples`: `ValidationError.400`. */
const exampleName = (code: ErrorCode) => `${codeOf(code)}.${statusOf(code)}`;

/** The example body of each code operations answer (`used`), once (`components.examples`), with its meaning as the summary and its way out as the description; the operations refer to them. */
export function errorExamples(used: readonly ErrorCode[]): Record<string, object> {
  return Object.fromEntries([...new Set(used)].sort().map((c) => [exampleName(c), { summary: ERROR_CODES[c].meaning, description: `Way out: ${ERROR_CODES[c].wayOut}`, value: exampleBody(c) }]));
}

/**
 * The operation's error responses: per status, the codes (in the description) and, per code, a
 * reference to its example body (errorExamples: each body and meaning is in the document once).
 */
export function errorResponses(route: Route): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      status,
      {
        description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${codes.map((c) => `\`${codeOf(c)}\``).join(', ')} (each example says what it means and the way out; docs/errors.md lists them all)`,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            examples: Object.fromEntries(codes.map((c) => [codeOf(c), { $ref: `#/components/examples/${exampleName(c)}` }])),
          },
        },
      },
    ]),
  );
}

import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError, ValidationError } from '../errors.ts';
import { pathParameters, type Route } from '../routes/route.ts';
import { Uuid } from '../schemas/common.ts';
import { textProblems } from '../text/well-formed.ts';
import { apiRequestOf } from './api-request.ts';
import { fieldPath, PARSE_REPORTING_INPUT, zodIssuesToErrors } from './field-path.ts';

/**
 * Parses and validates path parameters (UUIDs; those of a row's `pathReferences` are left to
 * pathReferences), the query string and the JSON body against the route's schemas. Every
 * failure is a 400 naming the field; nothing downstream sees unvalidated input.
 * Errors: ValidationError.
 */
export function inputParsing(route: Route): MiddlewareObj<APIGatewayProxyEventV2> {
  const paramNames = pathParameters(route.path);
  return {
    name: 'inputParsing',
    before: (request) => {
      const api = apiRequestOf(request.event);
      const event = request.event;
      for (const name of paramNames) {
        // An account or cost center by UUID or path: parsed and resolved by pathReferences (path-references.ts), next.
        if (route.pathReferences?.[name]) continue;
        const parsed = Uuid().safeParse(event.pathParameters?.[name] ?? '');
        if (!parsed.success) throw ValidationError.field(name, 'must be a UUID');
        api.params[name] = parsed.data;
      }
      if (route.query) {
        refuseUnkeepableText(event.queryStringParameters ?? {}, 'query');
        const parsed = route.query().safeParse(event.queryStringParameters ?? {}, PARSE_REPORTING_INPUT);
        if (!parsed.success) throw new ValidationError(zodIssuesToErrors(parsed.error.issues, 'query'));
        api.query = parsed.data;
      }
      if (route.body) {
        const body = parseJsonBody(event, route.maxBodyBytes ?? MAX_BODY_BYTES);
        refuseUnkeepableText(body, 'body');
        const parsed = route.body().safeParse(body, PARSE_REPORTING_INPUT);
        if (!parsed.success) throw new ValidationError(zodIssuesToErrors(parsed.error.issues, 'body'));
        api.body = parsed.data;
      }
    },
  };
}

/**
 * Refuses a query or body holding text the books cannot keep (text/well-formed.ts), before any
 * schema reads it: every string and key, known fields or not. Errors: ValidationError (InvalidText).
 */
function refuseUnkeepableText(value: unknown, root: string): void {
  const problems = textProblems(value);
  if (problems.length > 0) throw new ValidationError(problems.map((p) => ({ name: fieldPath(p.path, root), reason: p.reason, code: 'InvalidText' })));
}

/** Request bodies above this are refused before parsing (the largest journal is about 30 KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The JSON body as a value; an absent body is `{}` so missing fields are named one by one. */
function parseJsonBody(event: APIGatewayProxyEventV2, maxBytes: number): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > maxBytes) {
    throw new AppError(413, [{ name: 'body', reason: `must be at most ${maxBytes} bytes`, code: 'PayloadTooLarge' }]);
  }
  try {
    return JSON.parse(text, keepDecimalDigits as (key: string, value: unknown) => unknown);
  } catch {
    throw ValidationError.field('body', 'is not valid JSON', 'InvalidJson');
  }
}

/** Fields whose numbers are exact decimals: money amounts (an import's debit and credit, an allocation's total too) and exchange rates. */
const EXACT_DECIMAL_FIELDS = new Set(['amount', 'totalAmount', 'rate', 'exchangeRate', 'debit', 'credit']);
/** Fields holding arrays of exact decimals: a budget line's amounts per period. */
const EXACT_DECIMAL_ARRAYS = new Set(['amounts']);

/** A number met as an array element, with its source digits, until the array's own field name says what it is. */
class ArrayNumber {
  constructor(
    readonly source: string,
    readonly value: number,
  ) {}
}

/**
 * Hands amount and rate numbers over as the digits the client wrote (JSON.parse source text),
 * so they never pass through a binary float: 0.1 stays "0.1", 1e2 stays "1e2" (and is refused).
 * An array element's field is known only once the reviver reaches the array (elements come
 * first), so its numbers wait as ArrayNumber and become digits in an exact array, numbers elsewhere.
 */
function keepDecimalDigits(this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && context?.source !== undefined) {
    if (EXACT_DECIMAL_FIELDS.has(key)) return context.source;
    if (Array.isArray(this)) return new ArrayNumber(context.source, value);
  }
  if (Array.isArray(value)) {
    const exact = EXACT_DECIMAL_ARRAYS.has(key);
    return value.map((v: unknown) => (v instanceof ArrayNumber ? (exact ? v.source : v.value) : v));
  }
  return value;
}

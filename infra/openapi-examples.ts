import { resolve } from 'node:path';
import examples from '../docs/openapi-examples.json' with { type: 'json' };

/**
 * Example requests and responses of every route, captured from the contract test's full
 * bookkeeping flow (`UPDATE_EXAMPLES=1 npx vitest run test/contract.test.ts` rewrites them); the
 * contract test checks each still validates against its route's schemas.
 */
export interface RouteExample {
  /** Method and path (with a query string where the route takes one). */
  request: string;
  body?: unknown;
  response?: unknown;
}

export const EXAMPLES_FILE = resolve(import.meta.dirname, '../docs/openapi-examples.json');

export const ROUTE_EXAMPLES: Record<string, RouteExample> = examples;

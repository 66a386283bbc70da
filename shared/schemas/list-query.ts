import * as z from 'zod';
import { lazy } from './lazy.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_KEYWORD_LENGTH = 50;

const PAGE_SIZE_RULE = `must be an integer from 1 to ${MAX_PAGE_SIZE}`;

const Bool = () => z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');

/**
 * The spec's list query: page, pageSize (1..100, default 20), orderBy (per endpoint),
 * orderAsc (default false), keyword (<= 50 characters). Unknown parameters are refused
 * so a misspelt filter never silently returns everything.
 */
export function listQuery<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return lazy(() => listQueryShape(orderBy, defaultOrderBy));
}

/** The list query's schema itself, for endpoints that add filters to it. */
export function listQueryShape<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return z.strictObject({
    page: z.string().min(1).max(2048).optional(),
    // Plain decimal digits only: no hex, exponent, sign or spaces that Number() would accept.
    pageSize: z
      .string()
      .regex(/^[0-9]{1,3}$/, { error: PAGE_SIZE_RULE })
      .transform(Number)
      .refine((size) => size >= 1 && size <= MAX_PAGE_SIZE, { error: PAGE_SIZE_RULE })
      .default(DEFAULT_PAGE_SIZE),
    orderBy: z.enum(orderBy).default(defaultOrderBy as never),
    orderAsc: Bool().default(false),
    keyword: z.string().max(MAX_KEYWORD_LENGTH).optional(),
  });
}

export interface ListQuery<O extends string = string> {
  page?: string | undefined;
  pageSize: number;
  orderBy: O;
  orderAsc: boolean;
  keyword?: string | undefined;
}

export interface Page<T> {
  currentPage: string | null;
  results: T[];
  nextPage: string | null;
}

import * as z from './zod.ts';
import { lazy } from './lazy.ts';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_KEYWORD_LENGTH = 50;

const PAGE_SIZE_RULE = `must be an integer from 1 to ${MAX_PAGE_SIZE}`;

/** true or false, as query-string text. */
export const BooleanText = () => z.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }), z.transform((v) => v === 'true'));

/**
 * The spec's list query: page, pageSize (1..100, default 20), orderBy (per endpoint),
 * orderAsc (default false), keyword (<= 50 characters). Unknown parameters are refused
 * so a misspelt filter never silently returns everything.
 */
export function listQuery<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return lazy(() => listQueryShape(orderBy, defaultOrderBy));
}

/** The page fields every list takes: the cursor and the page size. */
function pageFields() {
  return {
    page: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
    // Plain decimal digits only: no hex, exponent, sign or spaces that Number() would accept.
    pageSize: z._default(
      z.pipe(
        z.pipe(
          z
            .string()
            .check(z.regex(/^[0-9]{1,3}$/, { error: PAGE_SIZE_RULE }))
            // A query string is text; document it as the integer it stands for.
            .register(z.globalRegistry, { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'plain decimal digits' } as never),
          z.transform(Number),
        ),
        z.number().check(z.refine((size) => size >= 1 && size <= MAX_PAGE_SIZE, { error: PAGE_SIZE_RULE })),
      ),
      DEFAULT_PAGE_SIZE,
    ),
  };
}

/**
 * Page and page size only, for lists with one fixed order (the event feed, a delivery log):
 * no orderBy, orderAsc or keyword that the list would silently ignore.
 */
export function pageQueryShape() {
  return z.strictObject(pageFields());
}

export interface PageQuery {
  page?: string | undefined;
  pageSize: number;
}

/** The list query's schema itself, for endpoints that add filters to it. */
export function listQueryShape<const T extends readonly [string, ...string[]]>(orderBy: T, defaultOrderBy: T[number]) {
  return z.strictObject({
    ...pageFields(),
    orderBy: z._default(z.enum(orderBy), defaultOrderBy as never),
    orderAsc: z._default(BooleanText(), false),
    keyword: z.optional(z.string().check(z.maxLength(MAX_KEYWORD_LENGTH))),
  });
}

export interface ListQuery<O extends string = string> extends PageQuery {
  orderBy: O;
  orderAsc: boolean;
  keyword?: string | undefined;
}

/**
 * What a page's cursor is bound to, so one cannot be moved to another list: the company, the
 * list, its order and the filters that shape it (shared/db signs it into the cursor).
 */
export interface PageBinding {
  companyId: string;
  endpoint: string;
  orderBy: string;
  orderAsc: boolean;
  filters: Record<string, unknown>;
}

export interface Page<T> {
  currentPage: string | null;
  results: T[];
  nextPage: string | null;
}

/** The same page with each result mapped (records to their responses). */
export function mapPage<A, B>(page: Page<A>, map: (item: A) => B): Page<B> {
  return { ...page, results: page.results.map(map) };
}

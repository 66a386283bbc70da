import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';
import { IsoDateTimeField } from '../schemas/dates.ts';
import { pageQueryShape } from '../schemas/list-query.ts';

const sequenceNumber = () =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9][0-9]{0,14}$/, { error: 'must be a sequence number (a positive integer in plain decimal digits)' })).register(z.globalRegistry, { type: 'integer', minimum: 1 } as never),
      z.transform(Number),
    ),
  );

/**
 * Verify's query: the range of sequence numbers to check (both optional, both included), and
 * `page`, the previous answer's `nextPage`, to resume a range one request did not finish (given
 * with the same range).
 */
export const VerifyAuditQuery = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({ fromSequence: sequenceNumber(), toSequence: sequenceNumber(), page: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))) })
    .check(z.refine((q) => q.fromSequence === undefined || q.toSequence === undefined || q.fromSequence <= q.toSequence, { path: ['toSequence'], error: 'must not be below fromSequence' })),
);
export type VerifyAuditInput = z.output<ReturnType<typeof VerifyAuditQuery>>;

/** A record's history: page and pageSize only (one order: by version, oldest first). */
export const RecordHistoryQuery = /* @__PURE__ */ lazy(() => pageQueryShape());

/** Restatements' query: the instant whose closed and locked periods count as issued, and the page. */
export const RestatementsQuery = /* @__PURE__ */ lazy(() => z.extend(pageQueryShape(), { since: IsoDateTimeField() }));
export type RestatementsInput = z.output<ReturnType<typeof RestatementsQuery>>;

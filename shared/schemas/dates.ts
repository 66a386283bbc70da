import * as z from './zod.ts';
import { lazy } from './lazy.ts';

/**
 * The dates the service accepts: calendar dates from 1900-01-01 to 9999-12-31, and instants
 * that fall inside that range in UTC. Four-digit years keep `YYYY-MM-DD` strings sortable,
 * which the date arithmetic and DynamoDB's range keys rely on (see docs/decisions.md).
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '9999-12-31';
const MIN_INSTANT = Date.parse(`${MIN_DATE}T00:00:00Z`);
const MAX_INSTANT = Date.parse(`${MAX_DATE}T23:59:59.999Z`);
const RANGE = `between ${MIN_DATE} and ${MAX_DATE}`;

export const IsoDateField = /* @__PURE__ */ lazy(() =>
  z.isoDate({ error: 'must be a date in the form YYYY-MM-DD' }).check(z.refine((date) => date >= MIN_DATE && date <= MAX_DATE, { error: `must be ${RANGE}` })),
);

/** An ISO 8601 date-time with an offset, whose UTC instant lies in the accepted range. */
export const IsoDateTimeField = /* @__PURE__ */ lazy(() =>
  z.isoDatetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-03-31T00:00:00Z' }).check(
    z.refine(
      (value) => {
        const instant = Date.parse(value);
        return instant >= MIN_INSTANT && instant <= MAX_INSTANT;
      },
      { error: `must be ${RANGE} (in UTC)` },
    ),
  ),
);

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A journal's date: an ISO 8601 date-time with an offset, or a plain date (YYYY-MM-DD), which
 * stands for the start of that day in UTC and is handed on as that date-time.
 */
export const DateOrDateTimeField = /* @__PURE__ */ lazy(() =>
  z.pipe(
    z.string({ error: 'must be an ISO 8601 date-time such as 2026-03-31T09:00:00Z, or a date such as 2026-03-31' }).check(
      z.superRefine((value, ctx) => {
        const parsed = PLAIN_DATE.test(value) ? IsoDateField().safeParse(value) : IsoDateTimeField().safeParse(value);
        if (!parsed.success) {
          const reason = parsed.error.issues[0]?.message ?? '';
          ctx.addIssue({ code: 'custom', message: PLAIN_DATE.test(value) ? reason : `${reason}, or a date such as 2026-03-31 (the start of that day, UTC)`, input: value });
        }
      }),
    ),
    z.transform((value) => (PLAIN_DATE.test(value) ? `${value}T00:00:00Z` : value)),
  ),
);

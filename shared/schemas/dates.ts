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

export const IsoDateField = lazy(() =>
  z.iso.date({ error: 'must be a date in the form YYYY-MM-DD' }).check(z.refine((date) => date >= MIN_DATE && date <= MAX_DATE, { error: `must be ${RANGE}` })),
);

/** An ISO 8601 date-time with an offset, whose UTC instant lies in the accepted range. */
export const IsoDateTimeField = lazy(() =>
  z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time such as 2026-03-31T00:00:00Z' }).check(
    z.refine(
      (value) => {
        const instant = Date.parse(value);
        return instant >= MIN_INSTANT && instant <= MAX_INSTANT;
      },
      { error: `must be ${RANGE} (in UTC)` },
    ),
  ),
);

import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { pageQueryShape } from '../schemas/list-query.ts';
import { EVENT_TYPES } from './event-types.ts';

/**
 * The feed's query: page and pageSize (one order: by sequence), plus `after` (a
 * sequence number: only later events), `type` (comma-separated event types) and a date range
 * of when the events occurred.
 */
export const ListEventsQuery = /* @__PURE__ */ lazy(() =>
  z
    .extend(pageQueryShape(), {
      after: z._default(
        z.pipe(
          z.string().check(z.regex(/^[0-9]{1,15}$/, { error: 'must be a sequence number (plain decimal digits)' })).register(z.globalRegistry, { type: 'integer', minimum: 0 } as never),
          z.transform(Number),
        ),
        0,
      ),
      type: z._default(
        z.pipe(
          z.pipe(
            z.string().check(z.maxLength(2000)),
            z.transform((text) => text.split(',').map((t) => t.trim()).filter(Boolean)),
          ),
          z.array(z.enum(EVENT_TYPES, { error: `must be event types among ${EVENT_TYPES.join(', ')}, separated by commas` })).check(z.maxLength(EVENT_TYPES.length)),
        ),
        [],
      ),
      dateFrom: z.optional(IsoDateField()),
      dateTo: z.optional(IsoDateField()),
    })
    .check(z.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' })),
);
export type ListEventsInput = z.output<ReturnType<typeof ListEventsQuery>>;

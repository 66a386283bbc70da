import * as z from '../schemas/zod.ts';
import { ReadableText, Reference, Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { described } from '../schemas/described.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery, pageQueryShape } from '../schemas/list-query.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { MAX_SCHEDULE_LINES } from './rules.ts';

/** An amount as the JSON number's own digits (the body parser hands `amount` over as its source text), or a decimal string. */
const amount = () => z.pipe(z.union([z.string().check(z.maxLength(64)), z.number()], { error: 'must be a positive decimal number' }), z.transform((v) => String(v)));

const scheduleLine = () =>
  z.strictObject({
    accountId: Reference(),
    costCenterId: z._default(z.nullable(Reference()), null),
    side: z.union([z.literal(DEBIT), z.literal(CREDIT)], { error: 'must be 1 (debit) or 2 (credit)' }),
    amount: amount(),
  });

const dayOfMonth = () => z.union([z.int().check(z.minimum(1), z.maximum(31)), z.literal('last')], { error: 'must be a day of the month, 1 to 31 (the month’s last day when it is shorter), or "last"' });

/** When the template falls due (occurrence-dates.ts). */
export const Recurrence = () =>
  z.discriminatedUnion('frequency', [
    z.strictObject({ frequency: z.enum(['monthly', 'quarterly', 'yearly']), dayOfMonth: dayOfMonth() }),
    z.strictObject({ frequency: z.literal('everyNDays'), days: z.int().check(z.minimum(1), z.maximum(3660)) }),
  ], { error: 'must name a frequency: monthly, quarterly, yearly or everyNDays' });

const scheduleFields = () => ({
  description: ReadableText(500),
  lines: described(z.array(scheduleLine()).check(z.maxLength(MAX_SCHEDULE_LINES)), 'The journal each occurrence makes: leaf accounts and cost centers (UUID or path), sides and amounts in the base currency, debits equal to credits; 2 to 20 lines.'),
  recurrence: Recurrence(),
  startDate: IsoDateField(),
  endDate: z._default(z.nullable(IsoDateField()), null),
  count: described(z._default(z.nullable(z.int().check(z.minimum(1), z.maximum(10_000))), null), 'How many occurrences the template makes in all (1 to 10,000); null or left out: no count. Not with endDate.'),
  action: z.enum(['draft', 'post']),
});

export const CreateScheduleBody = /* @__PURE__ */ lazy(() => z.strictObject(scheduleFields()));
export type CreateScheduleInput = z.output<ReturnType<typeof CreateScheduleBody>>;

/** The whole template again, with its state and the version read. */
export const UpdateScheduleBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...scheduleFields(), state: described(z.enum(['active', 'paused', 'ended']), 'active: occurrences are generated as they fall due; paused: none until active again; ended: none ever again (final).'), version: Version() }));
export type UpdateScheduleInput = z.output<ReturnType<typeof UpdateScheduleBody>>;

/** Newest first unless orderAsc; the keyword matches the description. */
export const ListSchedulesQuery = listQuery(['CreatedAt'], 'CreatedAt');

/** The run history: oldest occurrence first. */
export const ListOccurrencesQuery = /* @__PURE__ */ lazy(() => pageQueryShape());

export const SkipOccurrenceBody = /* @__PURE__ */ lazy(() => z.strictObject({ date: IsoDateField() }));
export type SkipOccurrenceInput = z.output<ReturnType<typeof SkipOccurrenceBody>>;

export const PreviewQuery = /* @__PURE__ */ lazy(() => z.strictObject({ until: IsoDateField() }));
export type PreviewInput = z.output<ReturnType<typeof PreviewQuery>>;

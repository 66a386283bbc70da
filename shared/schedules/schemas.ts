import * as z from '../schemas/zod.ts';
import { ReadableText, Reference, Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { described } from '../schemas/described.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery, pageQueryShape } from '../schemas/list-query.ts';
import { CREDIT, DEBIT } from '../journals/rules.ts';
import { Rate } from '../exchange-rates/schemas.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { MAX_ALLOCATION_PERIODS } from './allocation-plan.ts';
import { MAX_SCHEDULE_LINES } from './rules.ts';

/** An amount as the JSON number's own digits (the body parser hands `amount` over as its source text), or a decimal string. */
const amount = () => z.pipe(z.union([z.string().check(z.maxLength(64)), z.number()], { error: 'must be a positive decimal number' }), z.transform((v) => String(v)));

const scheduleLine = () =>
  z.strictObject({
    accountId: Reference(),
    costCenterId: z._default(z.nullable(Reference()), null),
    side: z.union([z.literal(DEBIT), z.literal(CREDIT)], { error: 'must be 1 (debit) or 2 (credit)' }),
    amount: described(amount(), 'A positive amount in the line\'s currency, at its precision (the company\'s for the base currency, the ISO 4217 minor unit of another).'),
    currency: described(z._default(z.nullable(CurrencyCode()), null), 'ISO 4217 code of the line\'s currency; null or left out: the company\'s base currency.'),
    exchangeRate: described(z._default(z.nullable(Rate()), null), 'A foreign line\'s rate, base units for one unit of its currency, fixed for every occurrence; null or left out: the company\'s rate in effect on each occurrence\'s date (no rate then blocks it NoExchangeRate). 1 or left out on a base line.'),
  });

const dayOfMonth = () => z.union([z.int().check(z.minimum(1), z.maximum(31)), z.literal('last')], { error: 'must be a day of the month, 1 to 31 (the month’s last day when it is shorter), or "last"' });

/** When the template falls due (occurrence-dates.ts). */
export const Recurrence = () =>
  z.discriminatedUnion('frequency', [
    z.strictObject({ frequency: z.enum(['monthly', 'quarterly', 'yearly']), dayOfMonth: dayOfMonth() }),
    z.strictObject({ frequency: z.literal('everyNDays'), days: z.int().check(z.minimum(1), z.maximum(3660)) }),
  ], { error: 'must name a frequency: monthly, quarterly, yearly or everyNDays' });

/** A total spread over calendar months from the start date (allocation-plan.ts). */
const allocation = () =>
  z.strictObject({
    kind: described(z.enum(['prepayment', 'deferredRevenue', 'accrual']), 'prepayment: a prepaid asset released to an expense; deferredRevenue: a deferred revenue (liability) released to a revenue; accrual: an expense accrued to a liability (or a revenue to an asset) at each month end, reversed on the next month\'s first day.'),
    method: described(z.enum(['straightLine', 'daysInPeriod', 'givenAmounts']), 'straightLine: equal shares a month; daysInPeriod: shares by the days each month covers, the start month from startDate; givenAmounts: the amounts given, one a month.'),
    totalAmount: described(amount(), 'The amount spread, in the base currency at the company\'s precision; the shares sum to it exactly, the rounding residue on the last.'),
    periods: described(z._default(z.nullable(z.int().check(z.minimum(1), z.maximum(MAX_ALLOCATION_PERIODS))), null), `Calendar months the total is spread over, from the start date's month (1 to ${MAX_ALLOCATION_PERIODS}); with givenAmounts, the amounts' count (may be left out).`),
    amounts: described(z._default(z.nullable(z.array(amount()).check(z.maxLength(MAX_ALLOCATION_PERIODS))), null), 'givenAmounts only: each month\'s share, in order, summing to totalAmount.'),
    balanceSheetAccountId: described(Reference(), 'The leaf balance-sheet account (UUID or path) the total sits on: a prepaid asset, a deferred revenue liability, an accrued liability (or accrued income asset).'),
    profitAndLossAccountId: described(Reference(), 'The leaf expense or revenue account (UUID or path) each share is recognised on.'),
    costCenterId: described(z._default(z.nullable(Reference()), null), 'The cost center of the profit-and-loss line (UUID or path), or null.'),
  });

const scheduleFields = () => ({
  description: ReadableText(500),
  lines: described(z.optional(z.array(scheduleLine()).check(z.maxLength(MAX_SCHEDULE_LINES))), 'A recurring template: the journal each occurrence makes: leaf accounts and cost centers (UUID or path), sides and amounts in the base currency, debits equal to credits; 2 to 20 lines. Not with allocation.'),
  recurrence: described(z.optional(Recurrence()), 'A recurring template: when it falls due. Not with allocation, whose occurrences fall on each month\'s last day.'),
  allocation: described(z._default(z.nullable(allocation()), null), 'An allocation schedule (instead of lines and recurrence): a total spread over calendar months from startDate, one journal on each month\'s last day.'),
  startDate: IsoDateField(),
  endDate: z._default(z.nullable(IsoDateField()), null),
  count: described(z._default(z.nullable(z.int().check(z.minimum(1), z.maximum(10_000))), null), 'How many occurrences the template makes in all (1 to 10,000); null or left out: no count. Not with endDate.'),
  action: z.enum(['draft', 'post', 'submit']),
});

export const CreateScheduleBody = /* @__PURE__ */ lazy(() => z.strictObject(scheduleFields()));
export type CreateScheduleInput = z.output<ReturnType<typeof CreateScheduleBody>>;
export type AllocationInput = NonNullable<CreateScheduleInput['allocation']>;

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

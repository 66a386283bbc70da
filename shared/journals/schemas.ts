import * as z from '../schemas/zod.ts';
import { Rate } from '../exchange-rates/schemas.ts';
import { toMils } from '../money/mils.ts';
import { Reference, Uuid, Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { DateOrDateTimeField, IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQueryShape } from '../schemas/list-query.ts';
import { exportParameters } from '../exports/schemas.ts';
import { EMIRATES } from '../schemas/tax-registration-values.ts';
import { TaxCodeText } from '../schemas/tax-code.ts';
import { JOURNAL_STATUSES } from '../schemas/journal-values.ts';
import { CREDIT, DEBIT, MAX_LINES } from './rules.ts';


/**
 * An amount as the JSON number's own digits: the body parser hands `amount` over as the
 * source text, so no binary float is ever involved. A decimal string is accepted too.
 */
const amount = () => z.pipe(z.union([z.string(), z.number()], { error: 'must be a positive decimal number' }), z.transform((v) => String(v)));


const entryLine = () =>
  z.strictObject({
    accountId: Reference(),
    costCenterId: z.optional(z.nullable(Reference())),
    side: z.union([z.literal(DEBIT), z.literal(CREDIT)], { error: 'must be 1 (debit) or 2 (credit)' }),
    amount: amount(),
    currency: z.optional(CurrencyCode()),
    exchangeRate: z.optional(Rate()),
    taxCode: z.optional(TaxCodeText()),
    /** The tax as the client's invoice has it: within one minor unit of the service's (journals/line-tax.ts). */
    taxAmount: z.optional(amount()),
    emirate: z.optional(z.enum(EMIRATES)),
    /** The customer or supplier the line is with (a counterparty of the company, active). */
    counterpartyId: z.optional(Uuid()),
  });
export type EntryLineInput = z.output<ReturnType<typeof entryLine>>;

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

const journalFields = () => ({
  date: DateOrDateTimeField(),
  entries: z.array(entryLine()).check(z.minLength(1), z.maxLength(MAX_LINES)),
  description: optionalText(500),
  reference: optionalText(100),
  amountsIncludeTax: z.optional(z.boolean()),
});

export const CreateJournalBody = /* @__PURE__ */ lazy(() => z.strictObject(journalFields()));
export type CreateJournalInput = z.output<ReturnType<typeof CreateJournalBody>>;

export const UpdateJournalBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...journalFields(), version: Version() }));
export type UpdateJournalInput = z.output<ReturnType<typeof UpdateJournalBody>>;

export const PostJournalBody = /* @__PURE__ */ lazy(() => z.strictObject({ postingDate: IsoDateField(), version: Version() }));
export type PostJournalInput = z.output<ReturnType<typeof PostJournalBody>>;

/** A refusal of a journal's approval says why: the author reads it on the draft sent back. */
export const RejectJournalBody = /* @__PURE__ */ lazy(() => z.strictObject({ version: Version(), reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)) }));
export type RejectJournalInput = z.output<ReturnType<typeof RejectJournalBody>>;

export const ReverseJournalBody = /* @__PURE__ */ lazy(() => z.strictObject({ postingDate: IsoDateField(), version: Version(), description: optionalText(500) }));
export type ReverseJournalInput = z.output<ReturnType<typeof ReverseJournalBody>>;

/** A journal total bound (the list's amountFrom and amountTo, an approval rule's minAmount): plain decimal text, at most 15 digits before the point and 3 after. */
const AMOUNT_BOUND = /^[0-9]{1,15}(\.[0-9]{1,3})?$/;
export const amountBound = () => z.string().check(z.regex(AMOUNT_BOUND, { error: 'must be a plain decimal number such as 1250.50' }));
/** Whether both bounds are given, well formed (the object's checks run even when a field failed), and out of order. */
const amountsReversed = (from: unknown, to: unknown) =>
  typeof from === 'string' && typeof to === 'string' && AMOUNT_BOUND.test(from) && AMOUNT_BOUND.test(to) && toMils(from) > toMils(to);
/** A serial number bound: plain decimal digits. */
const serialBound = () =>
  z.pipe(
    z.string().check(z.regex(/^[0-9]{1,12}$/, { error: 'must be a serial number (plain decimal digits)' })).register(z.globalRegistry, { type: 'integer', minimum: 0 } as never),
    z.transform(Number),
  );

export const ListJournalsQuery = /* @__PURE__ */ lazy(() =>
  z
    .extend(listQueryShape(['Date', 'SerialNumber'], 'Date'), {
      dateFrom: z.optional(IsoDateField()),
      dateTo: z.optional(IsoDateField()),
      status: z.optional(z.enum(JOURNAL_STATUSES)),
      ...exportParameters(),
      accountId: z.optional(Reference()),
      costCenterId: z.optional(Reference()),
      amountFrom: z.optional(amountBound()),
      amountTo: z.optional(amountBound()),
      reference: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      serialFrom: z.optional(serialBound()),
      serialTo: z.optional(serialBound()),
      createdBy: z.optional(Uuid()),
      postedBy: z.optional(Uuid()),
    })
    .check(
      z.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' }),
      z.refine((q) => !amountsReversed(q.amountFrom, q.amountTo), { path: ['amountTo'], error: 'must not be below amountFrom' }),
      z.refine((q) => typeof q.serialFrom !== 'number' || typeof q.serialTo !== 'number' || q.serialFrom <= q.serialTo, { path: ['serialTo'], error: 'must not be below serialFrom' }),
    ),
);
export type ListJournalsInput = z.output<ReturnType<typeof ListJournalsQuery>>;

import * as z from '../schemas/zod.ts';
import { Rate } from '../exchange-rates/schemas.ts';
import { Reference, Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { IsoDateField, IsoDateTimeField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQueryShape } from '../schemas/list-query.ts';
import { exportParameters } from '../exports/schemas.ts';
import { CREDIT, DEBIT, JOURNAL_STATUSES, MAX_LINES } from './rules.ts';


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
  });
export type EntryLineInput = z.output<ReturnType<typeof entryLine>>;

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

const journalFields = () => ({
  date: IsoDateTimeField(),
  entries: z.array(entryLine()).check(z.minLength(1), z.maxLength(MAX_LINES)),
  description: optionalText(500),
  reference: optionalText(100),
});

export const CreateJournalBody = lazy(() => z.strictObject(journalFields()));
export type CreateJournalInput = z.output<ReturnType<typeof CreateJournalBody>>;

export const UpdateJournalBody = lazy(() => z.strictObject({ ...journalFields(), version: Version() }));
export type UpdateJournalInput = z.output<ReturnType<typeof UpdateJournalBody>>;

export const PostJournalBody = lazy(() => z.strictObject({ postingDate: IsoDateField(), version: Version() }));
export type PostJournalInput = z.output<ReturnType<typeof PostJournalBody>>;

export const ReverseJournalBody = lazy(() => z.strictObject({ postingDate: IsoDateField(), version: Version(), description: optionalText(500) }));
export type ReverseJournalInput = z.output<ReturnType<typeof ReverseJournalBody>>;

export const ListJournalsQuery = lazy(() =>
  z
    .extend(listQueryShape(['Date', 'SerialNumber'], 'Date'), {
      dateFrom: z.optional(IsoDateField()),
      dateTo: z.optional(IsoDateField()),
      status: z.optional(z.enum(JOURNAL_STATUSES)),
      ...exportParameters(),
    })
    .check(z.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' })),
);
export type ListJournalsInput = z.output<ReturnType<typeof ListJournalsQuery>>;

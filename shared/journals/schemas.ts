import * as z from 'zod';
import { IsoDateField, IsoDateTimeField } from '../schemas/dates.ts';
import { Reference, Version } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';
import { CREDIT, DEBIT, JOURNAL_STATUSES } from './rules.ts';

export const MAX_LINES = 100;

/**
 * An amount as the JSON number's own digits: the body parser hands `amount` over as the
 * source text, so no binary float is ever involved. A decimal string is accepted too.
 */
const Amount = z
  .union([z.string(), z.number()], { error: 'must be a positive decimal number' })
  .transform((v) => String(v));

export const EntryLine = z.strictObject({
  accountId: Reference,
  costCenterId: Reference.nullable().optional(),
  side: z.union([z.literal(DEBIT), z.literal(CREDIT)], { error: 'must be 1 (debit) or 2 (credit)' }),
  amount: Amount,
});
export type EntryLineInput = z.infer<typeof EntryLine>;

const JournalFields = {
  date: IsoDateTimeField,
  entries: z.array(EntryLine).min(1).max(MAX_LINES),
  description: z.string().trim().max(500).optional(),
  reference: z.string().trim().max(100).optional(),
};

export const CreateJournalBody = z.strictObject(JournalFields);
export type CreateJournalInput = z.infer<typeof CreateJournalBody>;

export const UpdateJournalBody = z.strictObject({ ...JournalFields, version: Version });
export type UpdateJournalInput = z.infer<typeof UpdateJournalBody>;

export const PostJournalBody = z.strictObject({ postingDate: IsoDateField, version: Version });
export type PostJournalInput = z.infer<typeof PostJournalBody>;

export const ReverseJournalBody = z.strictObject({ postingDate: IsoDateField, version: Version, description: z.string().trim().max(500).optional() });
export type ReverseJournalInput = z.infer<typeof ReverseJournalBody>;


export const ListJournalsQuery = listQuery(['Date', 'SerialNumber'], 'Date').extend({
  dateFrom: IsoDateField.optional(),
  dateTo: IsoDateField.optional(),
  status: z.enum(JOURNAL_STATUSES).optional(),
}).refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' });
export type ListJournalsInput = z.infer<typeof ListJournalsQuery>;

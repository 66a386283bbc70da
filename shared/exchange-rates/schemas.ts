import * as z from '../schemas/zod.ts';
import { Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { BooleanText, pageQueryShape } from '../schemas/list-query.ts';
import { parseRate, RATE_PROBLEMS } from './rules.ts';

/**
 * A rate as a JSON number or a decimal string, in canonical form ("3.7500" -> "3.75"): an
 * exchange rate's `rate` and a journal line's `exchangeRate` (each described by the glossary).
 * The body parser hands a number over as the digits the client wrote
 * (shared/http/input-parsing.ts), so it never passes through a binary float.
 */
export const Rate = () =>
  z.pipe(
    z.union([z.string().check(z.maxLength(64)), z.number()], { error: 'must be a positive decimal number or decimal string' }),
    z.transform((value, ctx) => {
      const parsed = parseRate(String(value));
      if ('rate' in parsed) return parsed.rate;
      ctx.issues.push({ code: 'custom', message: RATE_PROBLEMS[parsed.problem], input: value });
      return z.NEVER;
    }),
  );

const ForeignCurrency = () => CurrencyCode().register(z.globalRegistry, { description: 'ISO 4217 code of the foreign currency the rate converts; never the company’s base currency.' } as never);

export const CreateExchangeRateBody = /* @__PURE__ */ lazy(() => z.strictObject({ currency: ForeignCurrency(), date: IsoDateField(), rate: Rate() }));
export type CreateExchangeRateInput = z.output<ReturnType<typeof CreateExchangeRateBody>>;

export const UpdateExchangeRateBody = /* @__PURE__ */ lazy(() => z.strictObject({ rate: Rate(), version: Version() }));
export type UpdateExchangeRateInput = z.output<ReturnType<typeof UpdateExchangeRateBody>>;

/**
 * One order, by date then currency (orderBy `Date`, newest first unless orderAsc); filters
 * `currency`, `dateFrom`, `dateTo` (inclusive). No keyword: `currency` is the precise filter.
 */
export const ListExchangeRatesQuery = /* @__PURE__ */ lazy(() =>
  z
    .extend(pageQueryShape(), {
      orderBy: z._default(z.enum(['Date']), 'Date'),
      orderAsc: z._default(BooleanText(), false),
      currency: z.optional(CurrencyCode()),
      dateFrom: z.optional(IsoDateField()),
      dateTo: z.optional(IsoDateField()),
    })
    .check(z.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], error: 'must not be before dateFrom' })),
);
export type ListExchangeRatesInput = z.output<ReturnType<typeof ListExchangeRatesQuery>>;

import * as z from '../schemas/zod.ts';
import { Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQueryShape } from '../schemas/list-query.ts';
import { parsedIban } from './rules.ts';

/** An IBAN as people write it (spaces allowed, any case); rules.ts checks its country, length and check digits. */
const Iban = () =>
  z.string().check(
    z.maxLength(50, { error: 'must be at most 50 characters', abort: true }),
    z.superRefine((text, ctx) => {
      const parsed = parsedIban(text);
      if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
    }),
  );

/** The rules automatic matching tries in order (reconciliation/auto-match.ts); left out: the default ones. */
const MatchingRules = () =>
  z.optional(
    z
      .array(z.strictObject({ name: z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(100)), matchOn: z.enum(['reference', 'amountAndDate']), dateWindowDays: z.int().check(z.minimum(0), z.maximum(31)) }))
      .check(z.minLength(1, { error: 'must hold at least one rule (leave it out for the default rules)' }), z.maxLength(10, { error: 'must hold at most 10 rules' })),
  );

const BankName = () => z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(100, { error: 'must be at most 100 characters' }));

export const CreateBankAccountBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    /** The leaf account: its UUID or its path of codes. */
    accountId: z.string().check(z.minLength(1, { error: 'is required' }), z.maxLength(300)),
    iban: Iban(),
    bankName: BankName(),
    /** Optional: when given, it must be the account's currency (else the company's base currency). */
    currency: z.optional(CurrencyCode()),
    matchingRules: MatchingRules(),
  }),
);
export type CreateBankAccountInput = z.output<ReturnType<typeof CreateBankAccountBody>>;

export const UpdateBankAccountBody = /* @__PURE__ */ lazy(() => z.strictObject({ iban: Iban(), bankName: BankName(), matchingRules: MatchingRules(), version: Version() }));
export type UpdateBankAccountInput = z.output<ReturnType<typeof UpdateBankAccountBody>>;

/** By creation time, newest first unless orderAsc. */
export const ListBankAccountsQuery = /* @__PURE__ */ lazy(() => listQueryShape(['CreatedAt'], 'CreatedAt'));
export type ListBankAccountsInput = z.output<ReturnType<typeof ListBankAccountsQuery>>;

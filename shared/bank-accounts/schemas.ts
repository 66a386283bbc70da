import * as z from '../schemas/zod.ts';
import { Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import { described } from '../schemas/described.ts';
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

/** A rule's tolerance: a decimal amount of at most 3 places, the two sides of a match at most that far apart. */
const Tolerance = () => z.string().check(z.regex(/^\d{1,9}(\.\d{1,3})?$/, { error: 'must be a decimal amount such as 0.50 (at most 3 decimal places)' }));

/** One rule: a tolerance above 0 needs the account its differences are posted to. */
const MatchingRule = () =>
  z
    .strictObject({
      name: z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(100)),
      matchOn: z.enum(['reference', 'amountAndDate', 'text']),
      dateWindowDays: z.optional(z.int().check(z.minimum(0), z.maximum(31))),
      amountTolerance: z.optional(Tolerance()),
      differenceAccountId: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
      contains: described(z.optional(z.string().check(z.trim(), z.minLength(3, { error: 'must be at least 3 characters' }), z.maxLength(100))), "text rules: what a statement line's description, counterparty or references contain (any case) for the rule to make a journal of it."),
      accountId: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
      post: described(z.optional(z.boolean()), 'text rules: true (the default) posts the journal made from the line on its booking date and matches it; false leaves a draft linked to the line.'),
    })
    .check(
      z.superRefine((rule, ctx) => {
        const needs = (field: string, why: string) => ctx.addIssue({ code: 'custom', path: [field], message: `is required ${why}` });
        const only = (field: string, why: string) => ctx.addIssue({ code: 'custom', path: [field], message: `is not taken ${why}` });
        if (rule.matchOn === 'text') {
          if (rule.contains === undefined) needs('contains', 'by a text rule: the text a statement line must contain');
          if (rule.accountId === undefined) needs('accountId', "by a text rule: the account of the journal's other side");
          for (const field of ['dateWindowDays', 'amountTolerance', 'differenceAccountId'] as const) if (rule[field] !== undefined) only(field, 'by a text rule (it matches no ledger line)');
        } else {
          if (rule.dateWindowDays === undefined) needs('dateWindowDays', `by a ${rule.matchOn} rule`);
          for (const field of ['contains', 'accountId', 'post'] as const) if (rule[field] !== undefined) only(field, `by a ${rule.matchOn} rule (only by a text rule)`);
        }
        if (rule.amountTolerance !== undefined && Number(rule.amountTolerance) > 0 && rule.differenceAccountId === undefined) {
          ctx.addIssue({ code: 'custom', path: ['differenceAccountId'], message: 'is required with an amountTolerance above 0: the account a difference within it is posted to' });
        }
      }),
    );

/** The rules automatic matching tries in order (reconciliation/auto-match.ts); left out: the default ones. */
const MatchingRules = () =>
  z.optional(z.array(MatchingRule()).check(z.minLength(1, { error: 'must hold at least one rule (leave it out for the default rules)' }), z.maxLength(10, { error: 'must hold at most 10 rules' })));

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

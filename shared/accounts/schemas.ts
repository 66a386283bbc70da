import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { ReadableText } from '../schemas/common.ts';
import { nodeFields, nodeUpdateFields } from '../tree/schemas.ts';
import { ACCOUNT_TYPES, CASH_FLOW_CATEGORIES, CLASSIFICATIONS } from '../schemas/account-values.ts';

/** A leaf account's currency: every journal line on it must be in it; null or left out: any currency. */
const AccountCurrency = () => z.optional(z.nullable(CurrencyCode()));

/** Where the account's movements sit in the cash flow statement (cash-flow-category.ts); null or left out: the classification's default. */
const AccountCashFlowCategory = () => z.optional(z.nullable(z.enum(CASH_FLOW_CATEGORIES)));

/** A code in a chart kept outside the books (standard-codes.ts), as given; null or left out: none (on an update, left out: unchanged). */
const OutsideCode = (max: number) => z.optional(z.nullable(ReadableText(max)));
const standardCodeFields = () => ({ standardAccountCode: OutsideCode(35), groupingCategory: OutsideCode(256), groupingCode: OutsideCode(35) });

export const CreateAccountBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...nodeFields(),
    type: z.enum(ACCOUNT_TYPES),
    /** Required on a root account; a child inherits its root's and may only repeat it. */
    classification: z.optional(z.enum(CLASSIFICATIONS)),
    currency: AccountCurrency(),
    cashFlowCategory: AccountCashFlowCategory(),
    ...standardCodeFields(),
  }),
);
export type CreateAccountInput = z.output<ReturnType<typeof CreateAccountBody>>;

export const UpdateAccountBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...nodeUpdateFields(),
    classification: z.optional(z.enum(CLASSIFICATIONS)),
    /** Left out: unchanged; null: any currency again. */
    currency: AccountCurrency(),
    /** Left out: unchanged; null: the classification's default again. */
    cashFlowCategory: AccountCashFlowCategory(),
    ...standardCodeFields(),
  }),
);
export type UpdateAccountInput = z.output<ReturnType<typeof UpdateAccountBody>>;

import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { pageQueryShape } from '../schemas/list-query.ts';

/**
 * The queries of the auditors' data API, with the AICPA Audit Data API's parameter names
 * (`startDate`, `endDate`, `BudgetFlag`, as its GL module spells them) beside the service's
 * cursor paging (`page`, `pageSize`).
 */

/** The journals whose effective (posting) date is in the range, both ends optional and inclusive. */
export const GlJournalsQuery = /* @__PURE__ */ lazy(() =>
  z.extend(pageQueryShape(), {
    startDate: z.optional(IsoDateField()),
    endDate: z.optional(IsoDateField()),
  }),
);
export type GlJournalsInput = z.output<ReturnType<typeof GlJournalsQuery>>;

/**
 * Budget figures are not offered (docs/decisions.md, "The auditors' data API"): a budget is
 * amounts per period of one year, a company may keep several for a year, and none is a balance.
 */
const BUDGET_REFUSED = 'is not offered: a budget here is amounts per period of one financial year, not balances, and a company may keep several for a year; leave BudgetFlag out (or actual) for the actual balances, and compare a budget with GET .../Reports/BudgetVsActual';

/** The trial balance as of `endDate`, from `startDate` (by default the start of its financial year). */
export const GlTrialBalanceQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    startDate: z.optional(IsoDateField()),
    endDate: IsoDateField(),
    BudgetFlag: z.optional(
      z
        .enum(['actual', 'budget', 'both'])
        .check(z.refine((flag) => flag === 'actual', { error: BUDGET_REFUSED })),
    ),
  }),
);
export type GlTrialBalanceInput = z.output<ReturnType<typeof GlTrialBalanceQuery>>;

/** The chart of accounts, a page at a time. */
export const GlAccountsQuery = /* @__PURE__ */ lazy(() => pageQueryShape());
export type GlAccountsInput = z.output<ReturnType<typeof GlAccountsQuery>>;

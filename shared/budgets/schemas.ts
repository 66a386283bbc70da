import * as z from '../schemas/zod.ts';
import { MAX_PERIODS } from '../financial-years/rules.ts';
import { ReadableText, Reference, Uuid, Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';
import { MAX_BUDGET_LINES } from './rules.ts';

/**
 * A budget amount as a JSON number or a decimal string: the body parser hands the numbers of
 * an `amounts` array over as the digits the client wrote (shared/http/input-parsing.ts).
 * Precision and form are checked against the company's precision (budgets/rules.ts).
 */
const BudgetAmount = () => z.pipe(z.union([z.string().check(z.maxLength(64)), z.number()], { error: 'must be a decimal number or decimal string' }), z.transform((v) => String(v)));

export const BudgetName = () => ReadableText(200).register(z.globalRegistry, { description: 'The budget’s name, such as "2026 operating budget".' } as never);

const budgetLine = () =>
  z.strictObject({
    accountId: Reference(),
    /** Left out or null: the account as a whole. */
    costCenterId: z._default(z.nullable(Reference()), null),
    amounts: z.array(BudgetAmount()).check(z.maxLength(MAX_PERIODS)),
  });

const budgetFields = () => ({
  name: BudgetName(),
  financialYearId: Uuid(),
  lines: z.array(budgetLine()).check(z.maxLength(MAX_BUDGET_LINES)),
});

export const CreateBudgetBody = /* @__PURE__ */ lazy(() => z.strictObject(budgetFields()));
export type CreateBudgetInput = z.output<ReturnType<typeof CreateBudgetBody>>;

export const UpdateBudgetBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...budgetFields(), version: Version() }));
export type UpdateBudgetInput = z.output<ReturnType<typeof UpdateBudgetBody>>;

/** Newest first unless orderAsc; the keyword matches the name. */
export const ListBudgetsQuery = listQuery(['CreatedAt'], 'CreatedAt');

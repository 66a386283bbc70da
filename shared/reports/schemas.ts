import * as z from '../schemas/zod.ts';
import { Reference, Uuid } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';

export const TrialBalanceQuery = lazy(() =>
  z.strictObject({
    financialYearId: Uuid(),
    /** Omitted: the whole year so far. */
    periodId: z.optional(Uuid()),
    /** A UUID or path; omitted: all cost centers. */
    costCenterId: z.optional(Reference()),
  }),
);
export type TrialBalanceInput = z.output<ReturnType<typeof TrialBalanceQuery>>;

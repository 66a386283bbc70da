import * as z from 'zod';
import { Reference, Uuid } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';

export const TrialBalanceQuery = lazy(() =>
  z.strictObject({
    financialYearId: Uuid(),
    /** Omitted: the whole year so far. */
    periodId: Uuid().optional(),
    /** A UUID or path; omitted: all cost centers. */
    costCenterId: Reference().optional(),
  }),
);
export type TrialBalanceInput = z.output<ReturnType<typeof TrialBalanceQuery>>;

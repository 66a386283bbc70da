import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';

export const CreateRevaluationBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    date: IsoDateField(),
    /** True: answer what would be posted, writing nothing. */
    dryRun: z.optional(z.boolean()),
  }),
);
export type CreateRevaluationInput = z.output<ReturnType<typeof CreateRevaluationBody>>;

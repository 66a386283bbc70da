import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';

/** The SAF-T export of a range of posting dates (an XML document only, no export parameters). */
export const SafTQuery = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    dateFrom: IsoDateField(),
    dateTo: IsoDateField(),
  }),
);
export type SafTInput = z.output<ReturnType<typeof SafTQuery>>;

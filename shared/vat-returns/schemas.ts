import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';

/** The range a return is filed for (both ends inside a financial year, as the report's), and whether its credit is to be refunded rather than carried forward. */
export const FileVatReturnBody = /* @__PURE__ */ lazy(() => z.strictObject({ dateFrom: IsoDateField(), dateTo: IsoDateField(), refundRequested: z.optional(z.boolean()).register(z.globalRegistry, { description: 'Ask the refund of this return’s credit (its net due below zero) rather than carry it forward to the next return; false when left out.' } as never) }));
export type FileVatReturnInput = z.output<ReturnType<typeof FileVatReturnBody>>;

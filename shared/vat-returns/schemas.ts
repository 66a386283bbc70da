import * as z from '../schemas/zod.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';

/** The range a return is filed for: both ends inside a financial year, as the report's. */
export const FileVatReturnBody = /* @__PURE__ */ lazy(() => z.strictObject({ dateFrom: IsoDateField(), dateTo: IsoDateField() }));
export type FileVatReturnInput = z.output<ReturnType<typeof FileVatReturnBody>>;

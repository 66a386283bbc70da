import * as z from './zod.ts';
import { IsoDateTimeField } from './dates.ts';

/**
 * The report as the books stood at an instant (docs/decisions.md, Audit, "As known at"): a query
 * parameter of the report endpoints and of the bank reconciliation, never a stored report's.
 */
export const knownAtParameter = () => ({ knownAt: z.optional(IsoDateTimeField()) });

export interface KnownAtInput {
  knownAt?: string | undefined;
}

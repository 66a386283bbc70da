import type { ResponseOf } from '../schemas/responses.ts';
import type { TaxCodeRecord } from './records.ts';

/** A tax code as the API answers it (and as its events and history record it). */
export type TaxCodeView = ResponseOf<'TaxCodeResponse'>;

export const taxCodeView = (r: TaxCodeRecord): TaxCodeView => ({
  id: r.taxCodeId,
  code: r.code,
  name: r.name,
  kind: r.kind,
  direction: r.direction,
  rates: r.rates,
  taxAccountId: r.taxAccountId,
  reverseChargeAccountId: r.reverseChargeAccountId,
  baseBoxes: r.baseBoxes,
  taxBoxes: r.taxBoxes,
  active: r.active,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

import type { FiledReturnReads } from '../../vat-returns/store.ts';
import { filedReturns, getFiledReturn } from './vat-return-store.ts';

/** Reading filed VAT returns (vat-returns/store.ts), apart from filing one (vat-return-ports.ts), which numbers the events pending. */
export const filedReturnReads: FiledReturnReads = { get: getFiledReturn, filedReturns };

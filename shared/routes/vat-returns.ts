import { FileVatReturnBody } from '../vat-returns/schemas.ts';
import { route, company } from './route.ts';

/**
 * The vatReturns rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as vatReturnsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const file = /* @__PURE__ */ route('vatReturns.file', () => ({ methods: ['POST'], path: `${company}/VatReturns`, handler: 'functions/vat-returns/file.ts', access: 'vat-returns:file', event: 'VatReturnFiled', idempotentOperation: 'FileVatReturn', body: FileVatReturnBody, response: 'FiledVatReturnResponse', errors: ['409 NoTaxJurisdiction', '409 FiledRangeOverlap', '409 FiledMeanwhile', '400 NoCreditToRefund', '409 PostingInProgress', '400 InvalidRange', '400 RangeTooLong', '400 NoFinancialYear'], summary: 'File the VAT return of a range: its figures and the corrections of earlier returns frozen with the audit head; filed ranges never overlap', tag: 'VAT returns' }));
export const list = /* @__PURE__ */ route('vatReturns.list', () => ({ methods: ['GET'], path: `${company}/VatReturns`, handler: 'functions/vat-returns/list.ts', access: 'vat-returns:read', response: 'FiledVatReturnsResponse', summary: 'Every VAT return filed, oldest range first, as filed', tag: 'VAT returns' }));
export const get = /* @__PURE__ */ route('vatReturns.get', () => ({ methods: ['GET'], path: `${company}/VatReturns/{id}`, handler: 'functions/vat-returns/get.ts', access: 'vat-returns:read', response: 'FiledVatReturnResponse', summary: 'A filed VAT return, exactly as filed', tag: 'VAT returns' }));

/** Every vatReturns row by action, for the route table. */
export const vatReturnsRoutes = { file, list, get };

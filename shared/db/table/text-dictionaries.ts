/**
 * The texts JSON is deflated against (deflated-text.ts): a journal as the API shows it, its
 * values left out, since journals are most of what a company's events and stored responses
 * repeat, names and nulls. A stored text names the dictionary it was deflated with by its first
 * byte, so this one never changes: a better one is added under the next number, and both stay
 * readable.
 */
export const TEXT_DICTIONARIES: Readonly<Record<number, string>> = {
  1:
    '{"id":"","serialNumber":,"date":"","description":null,"reference":null,"entries":[{"accountId":"","costCenterId":null,"side":1,"amount":,' +
    '"currency":"","exchangeRate":"1","baseAmount":,"fxRounding":false,"tax":null,"taxOf":null,"counterpartyId":null}],"amountsIncludeTax":false,' +
    '"totals":{"debit":,"credit":},"status":"draft","postingDate":null,"financialYearId":null,"periodId":null,"reversalOf":null,"reversedBy":null,' +
    '"revaluationDate":null,"openingOf":null,"importId":null,"version":,"createdAt":"2026-","updatedAt":"2026-","createdBy":{"type":"user","id":""},' +
    '"editedBy":{"type":"user","id":""},"updatedBy":{"type":"user","id":""},"submittedBy":null,"submittedAt":null,"approvals":[],"approvedBy":null,' +
    '"approvedAt":null,"rejection":null,"postedBy":{"type":"user","id":""},"postedAt":"","voidedBy":null,"voidedAt":null}',
};

/** The dictionary new texts are deflated with. */
export const CURRENT_DICTIONARY = 1;

/**
 * The values a tax code takes (tax-codes/rules.ts holds its rules): here, among the schemas, so
 * the response schemas name them without importing the domain.
 *
 * A kind says how a line's tax is computed and posted:
 * - standard: the rate in effect on the journal's date, posted to the code's tax account;
 * - zeroRated, exempt, outOfScope: no tax (the base still counts in the return's boxes);
 * - reverseCharge: the buyer self-assesses the tax: posted both to the tax account (recoverable)
 *   and, opposite, to the reverse-charge account (due), so the journal still balances;
 * - importsAtCustoms: tax paid at the border, recoverable, posted to the tax account.
 */
export const TAX_KINDS = ['standard', 'zeroRated', 'exempt', 'outOfScope', 'reverseCharge', 'importsAtCustoms'] as const;

/** Whether a code taxes what the company sells (output tax) or what it buys (input tax). */
export const TAX_DIRECTIONS = ['supplies', 'purchases'] as const;

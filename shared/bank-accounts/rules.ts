import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/**
 * Bank account rules (pure): an IBAN's form and checksum (ISO 13616, through ibantools: its
 * country's length and BBAN format, and the mod-97 check digits), and the currency a bank
 * account keeps. docs/decisions.md, "Bank accounts".
 */

/** The IBAN in electronic form (spaces dropped, upper case), or why it is not one. */
export function parsedIban(text: string): { iban: string } | { problem: string } {
  const iban = electronicFormatIBAN(text) ?? '';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return { iban };
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return { problem: 'must be an IBAN: two letters of a country that issues IBANs, two check digits, then the account number' };
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength) || errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return { problem: `does not have the length and form of an IBAN of ${iban.slice(0, 2)}` };
  return { problem: 'fails its check digits (ISO 13616 mod 97): a character is mistyped' };
}

/** The currency a bank account on this account keeps: the account's own, else the company's base currency. */
export const bankCurrency = (accountCurrency: string | undefined, baseCurrency: string) => accountCurrency ?? baseCurrency;

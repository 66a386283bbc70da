import { describe, expect, it } from 'vitest';
import { currencyPrecision, isCurrency, minorUnits } from '../../../shared/money/currencies.ts';
import { ISO_4217_MINOR_UNITS } from '../../../shared/money/iso-4217.ts';
import { readFileSync } from 'node:fs';
import { iso4217Source, TABLE_FILE } from '../../../infra/bundling/generate-iso-4217.ts';

describe('ISO 4217 currencies', () => {
  it('knows real codes and refuses made-up, lower-case, withdrawn and unit-less ones', () => {
    for (const code of ['SAR', 'USD', 'EUR', 'JPY', 'KWD', 'BHD', 'OMR', 'AED', 'CLF', 'VED', 'ZWG']) expect(isCurrency(code), code).toBe(true);
    // XAU, XDR and XXX have no minor unit in ISO 4217; HRK was withdrawn in 2023.
    for (const code of ['XYZ', 'sar', 'SA', 'SARR', '', 'XAU', 'XDR', 'XXX', 'XTS', 'HRK']) expect(isCurrency(code), code).toBe(false);
  });

  it('gives the ISO minor unit, including where Intl (CLDR) says otherwise', () => {
    const expected: Record<string, number> = {
      JPY: 0, KRW: 0, ISK: 0, UGX: 0, CLP: 0, VND: 0, XAF: 0,
      SAR: 2, USD: 2, EUR: 2, AED: 2, COP: 2, HUF: 2, IDR: 2, PKR: 2,
      KWD: 3, BHD: 3, OMR: 3, JOD: 3, TND: 3, LYD: 3, IQD: 3,
      CLF: 4, UYW: 4,
    };
    expect(Object.fromEntries(Object.keys(expected).map((code) => [code, minorUnits(code)]))).toEqual(expected);
    expect(() => minorUnits('XYZ')).toThrow('XYZ');
  });

  it('keeps the base currency at the company precision and every other currency at its ISO minor unit', () => {
    const company = { baseCurrency: 'SAR', decimalPrecision: 3 };
    expect(currencyPrecision(company, 'SAR')).toBe(3);
    expect(currencyPrecision(company, 'USD')).toBe(2);
    expect(currencyPrecision(company, 'KWD')).toBe(3);
    expect(currencyPrecision(company, 'JPY')).toBe(0);
    expect(currencyPrecision({ baseCurrency: 'JPY', decimalPrecision: 2 }, 'JPY')).toBe(2);
  });

  it('is the table generated from ISO 4217 List One as the currency-codes package ships it', () => {
    expect(readFileSync(TABLE_FILE, 'utf8')).toBe(iso4217Source());
  });

  it('holds every currency Node’s ICU knows, but for the withdrawn, the unit-less and the newer than its list: a new one is noticed here', () => {
    const notInTable = Intl.supportedValuesOf('currency').filter((code) => !ISO_4217_MINOR_UNITS.has(code));
    // HRK, SLL, ZWL: withdrawn by the list of 2024-06-25. XDR, XSU: listed without a minor unit. XCG: added in 2025, after it.
    expect(notInTable.filter((code) => !['HRK', 'SLL', 'ZWL', 'XDR', 'XSU', 'XCG'].includes(code))).toEqual([]);
    expect([...ISO_4217_MINOR_UNITS.keys()].every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });
});

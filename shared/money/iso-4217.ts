/**
 * ISO 4217 List One (current currency and funds codes) as amended to 2025, by minor unit: the
 * number of decimals of each code. Codes the list gives no minor unit (precious metals, XDR, XSU,
 * XUA, the bond-market units, XTS, XXX) are left out: a ledger keeps no amounts in them. Codes
 * withdrawn from the list (HRK) are left out too; codes still listed while their replacement
 * takes over (ANG beside XCG, SLL beside SLE, ZWL beside ZWG, CUC) stay in until the list drops
 * them.
 *
 * Why not Intl: Node's ICU answers CLDR's display digits, which differ from ISO for 17 codes (IQD
 * 0 instead of 3; AFN, ALL, COP, HUF, IDR, IRR, KPW, LAK, LBP, MGA, MMK, PKR, SLL, SOS, SYP, YER 0
 * instead of 2) and lists neither CLF, UYW, VED nor the funds codes. test/shared/money/
 * currencies.test.ts compares this table with Intl's list, so a currency ICU learns is noticed.
 */
const CODES_BY_MINOR_UNIT: Readonly<Record<number, string>> = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
  2:
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL ' +
    'GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD ' +
    'LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN ' +
    'PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL ' +
    'THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL',
  3: 'BHD IQD JOD KWD LYD OMR TND',
  4: 'CLF UYW',
};

/** Minor unit by ISO 4217 code. */
export const ISO_4217_MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  Object.entries(CODES_BY_MINOR_UNIT).flatMap(([unit, codes]) => codes.split(' ').map((code) => [code, Number(unit)] as const)),
);

/**
 * Exact money as BigInt thousandths ("mils"), the minor unit of the finest currency the
 * service takes (decimalPrecision 2 or 3): every amount, total and balance is a whole number
 * of them, so integer arithmetic is exact. Only the conversions to and from decimal text live
 * here; test/shared/money/mils.test.ts checks them against big.js on random values.
 */
export const MIL_DIGITS = 3;
const MILS_PER_UNIT = 10n ** BigInt(MIL_DIGITS);
/** Decimal text as JSON and DynamoDB write it: optional sign, digits, optional fraction and exponent. */
const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** The same without exponent and with at most three decimals: read without shifting. */
const PLAIN = /^(-?)(\d+)(?:\.(\d{1,3}))?$/;

/** The exact number of mils in decimal text. Throws on text that is not a decimal or has a nonzero digit below a mil. */
export function toMils(text: string): bigint {
  // Most text is plain (balances read back by the thousand): no exponent, at most mils.
  const plain = PLAIN.exec(text);
  if (plain) {
    const mils = BigInt(plain[2]!) * MILS_PER_UNIT + BigInt((plain[3] ?? '').padEnd(MIL_DIGITS, '0'));
    return plain[1] ? -mils : mils;
  }
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal number: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  // Shift the decimal point by the exponent, then split off whole mils.
  let digits = `${whole}${fraction}`;
  let point = whole!.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point) || '0';
  const decimals = digits.slice(point);
  if (/[1-9]/.test(decimals.slice(MIL_DIGITS))) throw new Error(`Finer than a thousandth: ${text}`);
  const mils = BigInt(integer) * MILS_PER_UNIT + BigInt(decimals.slice(0, MIL_DIGITS).padEnd(MIL_DIGITS, '0'));
  return sign === '-' ? -mils : mils;
}

/** Decimal text of mils, with at least `minDecimals` decimals and never fewer than its own: nothing is rounded. */
export function fromMils(mils: bigint, minDecimals = 0): string {
  const negative = mils < 0n;
  const magnitude = negative ? -mils : mils;
  const own = (magnitude % MILS_PER_UNIT).toString().padStart(MIL_DIGITS, '0').replace(/0+$/, '');
  const decimals = own.padEnd(Math.min(Math.max(minDecimals, own.length), MIL_DIGITS), '0');
  return `${negative ? '-' : ''}${magnitude / MILS_PER_UNIT}${decimals ? `.${decimals}` : ''}`;
}

export const sumMils = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const value of values) total += value;
  return total;
};

export const absMils = (mils: bigint): bigint => (mils < 0n ? -mils : mils);

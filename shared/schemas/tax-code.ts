import * as z from './zod.ts';

/** A tax code's code: what lines name. Upper-case letters, digits, '-' and '_', so "s15" never passes for "S15". */
export const TaxCodeText = () =>
  z.string().check(z.regex(/^[A-Z0-9][A-Z0-9_-]{0,19}$/, { error: 'must be 1 to 20 upper-case letters (A-Z), digits, "-" or "_", beginning with a letter or digit' }));

import * as z from './zod.ts';
import { isCurrency } from '../money/currencies.ts';

/**
 * An ISO 4217 currency code with a minor unit (shared/money/iso-4217.ts), in upper case. A new
 * schema on each call, so a field may describe it in its own words without describing another's.
 */
export const CurrencyCode = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(
    z.regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 code such as SAR or KWD', abort: true }),
    z.refine(isCurrency, { error: 'is not an ISO 4217 currency code (see ISO 4217 List One)' }),
  );

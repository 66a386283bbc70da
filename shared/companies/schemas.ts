import * as z from '../schemas/zod.ts';
import { Uuid, Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';

const DecimalPrecision = () => z.union([z.literal(2), z.literal(3)], { error: 'must be 2 or 3' });

export const CreateCompanyBody = lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    baseCurrency: CurrencyCode(),
    decimalPrecision: z._default(DecimalPrecision(), 2),
  }),
);
export type CreateCompanyInput = z.output<ReturnType<typeof CreateCompanyBody>>;

export const UpdateSettingsBody = lazy(() =>
  z.strictObject({
    baseCurrency: CurrencyCode(),
    decimalPrecision: DecimalPrecision(),
    retainedEarningsAccountId: z.nullable(Uuid()),
    /** Left out: unchanged (it came after the other settings; clients written before it keep working). */
    fxRoundingAccountId: z.optional(z.nullable(Uuid())),
    /** Left out: unchanged, like fxRoundingAccountId. */
    unrealizedFxGainLossAccountId: z.optional(z.nullable(Uuid())),
    version: Version(),
  }),
);
export type UpdateSettingsInput = z.output<ReturnType<typeof UpdateSettingsBody>>;

export const ListCompaniesQuery = listQuery(['JoinedAt'], 'JoinedAt');

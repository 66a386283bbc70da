import * as z from '../schemas/zod.ts';
import { Reference, Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import { listQuery } from '../schemas/list-query.ts';
import { EMIRATES, TAX_JURISDICTIONS } from '../schemas/tax-registration-values.ts';

const DecimalPrecision = () => z.union([z.literal(2), z.literal(3)], { error: 'must be 2 or 3' });

/** In a merge patch, null would clear the field: what a field that cannot be cleared answers to it. */
const notClearable = { error: (issue: { input?: unknown }) => (issue.input === null ? 'cannot be cleared (null); leave it out to keep it' : undefined) };

export const CreateCompanyBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    baseCurrency: CurrencyCode(),
    decimalPrecision: z._default(DecimalPrecision(), 2),
  }),
);
export type CreateCompanyInput = z.output<ReturnType<typeof CreateCompanyBody>>;

/**
 * A JSON Merge Patch (RFC 7396) of the settings, with the version it is based on: a field left
 * out stays as it is, null clears an account or tax registration field (the others cannot be cleared), any other
 * value replaces it. A full body is a patch of every field. Accounts by UUID or path.
 */
export const UpdateSettingsBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    baseCurrency: z.optional(CurrencyCode(notClearable)),
    decimalPrecision: z.optional(DecimalPrecision()),
    retainedEarningsAccountId: z.optional(z.nullable(Reference())),
    fxRoundingAccountId: z.optional(z.nullable(Reference())),
    unrealizedFxGainLossAccountId: z.optional(z.nullable(Reference())),
    taxJurisdiction: z.optional(z.nullable(z.enum(TAX_JURISDICTIONS))),
    taxRegistrationNumber: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(15)))),
    defaultEmirate: z.optional(z.nullable(z.enum(EMIRATES))),
    documentRetentionYears: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(100)))),
    version: Version(),
  }).register(z.globalRegistry, {
    description:
      'A JSON Merge Patch (RFC 7396) of the settings: a field left out stays as it is, null clears an account or tax registration field and sets documentRetentionYears to the jurisdiction’s minimum (baseCurrency and decimalPrecision cannot be cleared), any other value replaces it; version is required. Account fields take a UUID or a path of codes and are answered as the UUID.',
  } as never),
);
export type UpdateSettingsInput = z.output<ReturnType<typeof UpdateSettingsBody>>;

export const ListCompaniesQuery = listQuery(['JoinedAt'], 'JoinedAt');

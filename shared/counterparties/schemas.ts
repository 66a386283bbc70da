import * as z from '../schemas/zod.ts';
import { BilingualName, Version } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { BooleanText, listQueryShape } from '../schemas/list-query.ts';
import { countryProblem } from './rules.ts';

/** An ISO 3166-1 alpha-2 country code, upper case (rules.ts says which exist). */
export const CountryCode = () =>
  z.string().check(
    z.regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 country code such as SA or AE (two upper-case letters)', abort: true }),
    z.superRefine((code, ctx) => {
      const problem = countryProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

/** A registration number's general form; Saudi and UAE numbers are held to their own (rules.ts). */
export const RegistrationNumber = () =>
  z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'must be 1 to 20 letters (A-Z, a-z), digits or "-"' }));

/** Everything a counterparty holds is replaced by a PUT: a create and a replace take the same fields. */
const fields = () => ({
  name: BilingualName(),
  country: CountryCode(),
  taxRegistrationNumber: z._default(z.nullable(RegistrationNumber()), null),
  active: z._default(z.boolean(), true),
});

export const CreateCounterpartyBody = /* @__PURE__ */ lazy(() => z.strictObject(fields()));
export type CreateCounterpartyInput = z.output<ReturnType<typeof CreateCounterpartyBody>>;

export const UpdateCounterpartyBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...fields(), version: Version() }));
export type UpdateCounterpartyInput = z.output<ReturnType<typeof UpdateCounterpartyBody>>;

/** By creation time (newest first unless orderAsc, as every list of the spec); the keyword matches either name; filters `country`, `active`. */
export const ListCounterpartiesQuery = /* @__PURE__ */ lazy(() =>
  z.extend(listQueryShape(['CreatedAt'], 'CreatedAt'), {
    country: z.optional(CountryCode()),
    active: z.optional(BooleanText()),
  }),
);
export type ListCounterpartiesInput = z.output<ReturnType<typeof ListCounterpartiesQuery>>;

import * as z from '../schemas/zod.ts';
import { BilingualName, Reference, Version } from '../schemas/common.ts';
import { IsoDateField } from '../schemas/dates.ts';
import { lazy } from '../schemas/lazy.ts';
import { BooleanText, pageQueryShape } from '../schemas/list-query.ts';
import { TaxCodeText } from '../schemas/tax-code.ts';
import { TAX_DIRECTIONS, TAX_KINDS } from '../schemas/tax-code-values.ts';
import { MAX_TAX_RATES, parsePercent } from './rules.ts';

/** A percent as a JSON number or decimal string, in canonical form ("15.00" -> "15"). */
const Percent = () =>
  z.pipe(
    z.union([z.string().check(z.maxLength(16)), z.number()], { error: 'must be a percent from 0 to 100 such as 15 or "15"' }),
    z.transform((value, ctx) => {
      const parsed = parsePercent(String(value));
      if ('percent' in parsed) return parsed.percent;
      ctx.issues.push({ code: 'custom', message: parsed.problem, input: value });
      return z.NEVER;
    }),
  );

/** A return box's id, as its form numbers it ("1", "1a", "14"). */
const BoxId = () => z.string().check(z.regex(/^[0-9]{1,2}[a-z]?$/, { error: 'must be a box of the return, such as 1 or 1a' }));
const Boxes = () => z._default(z.array(BoxId()).check(z.maxLength(8)), []);

const editableFields = () => ({
  name: BilingualName(),
  rates: z.array(z.strictObject({ effectiveFrom: IsoDateField(), percent: Percent() })).check(z.minLength(1, { error: 'must hold at least one rate' }), z.maxLength(MAX_TAX_RATES)),
  taxAccountId: z._default(z.nullable(Reference()), null),
  reverseChargeAccountId: z._default(z.nullable(Reference()), null),
  baseBoxes: Boxes(),
  taxBoxes: Boxes(),
  active: z._default(z.boolean(), true),
});

export const CreateTaxCodeBody = /* @__PURE__ */ lazy(() => z.strictObject({ code: TaxCodeText(), kind: z.enum(TAX_KINDS), direction: z.enum(TAX_DIRECTIONS), ...editableFields() }));
export type CreateTaxCodeInput = z.output<ReturnType<typeof CreateTaxCodeBody>>;

/** Everything but the code, its kind and its direction, which make it what it is. */
export const UpdateTaxCodeBody = /* @__PURE__ */ lazy(() => z.strictObject({ ...editableFields(), version: Version() }));
export type UpdateTaxCodeInput = z.output<ReturnType<typeof UpdateTaxCodeBody>>;

/** The two accounts the standard codes post to: output VAT (payable) and input VAT (recoverable), each a UUID or path. */
export const LoadStandardTaxCodesBody = /* @__PURE__ */ lazy(() => z.strictObject({ outputTaxAccountId: Reference(), inputTaxAccountId: Reference() }));
export type LoadStandardTaxCodesInput = z.output<ReturnType<typeof LoadStandardTaxCodesBody>>;

/** By code (descending unless orderAsc, as every list of the spec); filters `direction`, `kind`, `active`. */
export const ListTaxCodesQuery = /* @__PURE__ */ lazy(() =>
  z.extend(pageQueryShape(), {
    orderBy: z._default(z.enum(['Code']), 'Code'),
    orderAsc: z._default(BooleanText(), false),
    direction: z.optional(z.enum(TAX_DIRECTIONS)),
    kind: z.optional(z.enum(TAX_KINDS)),
    active: z.optional(BooleanText()),
  }),
);
export type ListTaxCodesInput = z.output<ReturnType<typeof ListTaxCodesQuery>>;

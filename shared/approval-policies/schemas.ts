import * as z from '../schemas/zod.ts';
import { Uuid, Version } from '../schemas/common.ts';
import { CurrencyCode } from '../schemas/currency.ts';
import { lazy } from '../schemas/lazy.ts';
import { amountBound } from '../journals/schemas.ts';
import { JOURNAL_SOURCES } from './records.ts';

/** Rules a policy holds at most, and ids or codes a rule lists at most: what a posting checks stays small. */
export const MAX_RULES = 20;
const MAX_LISTED = 50;

const listOf = <T extends z.ZodMiniType>(item: T) => z.optional(z.array(item).check(z.minLength(1), z.maxLength(MAX_LISTED)));

const ApprovalRule = () =>
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    minAmount: z.optional(amountBound()),
    accountIds: listOf(Uuid()),
    costCenterIds: listOf(Uuid()),
    sources: listOf(z.enum(JOURNAL_SOURCES)),
    currencies: listOf(CurrencyCode()),
    approvers: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2 (distinct people)' }),
  });

/** The whole policy, replaced at the version read (0: the company has none yet). No rule: no journal needs approval. */
export const ReplaceApprovalPolicyBody = /* @__PURE__ */ lazy(() => z.strictObject({ rules: z.array(ApprovalRule()).check(z.maxLength(MAX_RULES)), version: Version() }));
export type ReplaceApprovalPolicyInput = z.output<ReturnType<typeof ReplaceApprovalPolicyBody>>;

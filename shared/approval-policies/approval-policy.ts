import { ValidationError, VersionConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ApprovalPolicyRecord, ApprovalRule } from './records.ts';
import type { ReplaceApprovalPolicyInput } from './schemas.ts';
import type { ApprovalPolicyReads, ApprovalPolicyReplacing } from './store.ts';
import { approvalPolicyView, type ApprovalPolicyView } from './view.ts';

/**
 * A company's approval policy: which journals need whose approval before they are posted
 * (docs/decisions.md, "Approvals"). One record, replaced whole at the version read; a company
 * that never set one has none (version 0), and no journal needs approval.
 */
const none = (companyId: string): ApprovalPolicyRecord => ({ companyId, rules: [], version: 0, updatedAt: null, updatedBy: null });

/** Errors: none of its own. */
export async function readApprovalPolicy(policies: ApprovalPolicyReads, companyId: string): Promise<ApprovalPolicyView> {
  return approvalPolicyView((await policies.policy(companyId)) ?? none(companyId));
}

/**
 * Replaces the whole policy. Every account and cost center a rule names must be the company's.
 * Errors: VersionConflict, ValidationError (UnknownAccount, UnknownCostCenter) naming the rule's id.
 */
export async function replaceApprovalPolicy(policies: ApprovalPolicyReplacing, uow: UnitOfWork, companyId: string, input: ReplaceApprovalPolicyInput): Promise<ApprovalPolicyView> {
  const before = await policies.policy(companyId);
  if ((before?.version ?? 0) !== input.version) throw new VersionConflict();
  await Promise.all([checkNamed(policies.accounts, companyId, input.rules, 'accountIds', 'UnknownAccount', 'an account'), checkNamed(policies.costCenters, companyId, input.rules, 'costCenterIds', 'UnknownCostCenter', 'a cost center')]);
  const rules: ApprovalRule[] = input.rules.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as ApprovalRule);
  const after: ApprovalPolicyRecord = { companyId, rules, version: input.version + 1, updatedAt: new Date().toISOString(), updatedBy: uow.actor };
  return uow.commit(policies.replaceChanges(before, after), approvalPolicyView(after));
}

/** Each id the rules list under `field` is one of the company's nodes. Errors: ValidationError naming the first that is not. */
async function checkNamed(nodes: ApprovalPolicyReplacing['accounts'], companyId: string, rules: ReplaceApprovalPolicyInput['rules'], field: 'accountIds' | 'costCenterIds', code: string, what: string): Promise<void> {
  const named = [...new Set(rules.flatMap((r) => r[field] ?? []))];
  if (named.length === 0) return;
  const found = new Set((await nodes.getMany(companyId, named)).map((n) => n.id));
  for (const [i, rule] of rules.entries()) {
    const j = (rule[field] ?? []).findIndex((id) => !found.has(id));
    if (j >= 0) throw ValidationError.field(`rules[${i}].${field}[${j}]`, `is not ${what} of the company`, code);
  }
}

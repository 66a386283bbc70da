import type { ResponseOf } from '../schemas/responses.ts';
import type { ApprovalPolicyRecord, ApprovalRule } from './records.ts';

/** The policy as the API answers it (and as its events and history record it): every condition present, null where a rule gives none. */
export type ApprovalPolicyView = ResponseOf<'ApprovalPolicyResponse'>;

const ruleView = (r: ApprovalRule) => ({
  name: r.name,
  minAmount: r.minAmount ?? null,
  accountIds: r.accountIds ?? null,
  costCenterIds: r.costCenterIds ?? null,
  sources: r.sources ?? null,
  currencies: r.currencies ?? null,
  approvers: r.approvers,
});

export const approvalPolicyView = (p: ApprovalPolicyRecord): ApprovalPolicyView => ({
  rules: p.rules.map(ruleView),
  version: p.version,
  updatedAt: p.updatedAt,
  updatedBy: p.updatedBy,
});

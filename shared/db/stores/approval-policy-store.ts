import type { ApprovalPolicyRecord } from '../../approval-policies/records.ts';
import { VersionConflict } from '../../errors.ts';
import { approvalPolicyKeys } from '../table/keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A company's approval policy: one item in a partition of its own (every posting reads it,
 * strongly consistent, beside the company's busier keys), replaced whole at its version.
 */
const FIELDS = ['companyId', 'rules', 'version', 'updatedAt', 'updatedBy'] as const;

/** The policy, or undefined when the company never had one. */
export async function getApprovalPolicy(companyId: string): Promise<ApprovalPolicyRecord | undefined> {
  const item = await getItem(approvalPolicyKeys.policy(companyId), { consistent: true });
  return item && recordOf<ApprovalPolicyRecord>(item as Item, FIELDS);
}

/** The policy written at the version read (absent before the first); changed meanwhile: 409. */
export function replaceApprovalPolicyOp(before: ApprovalPolicyRecord | undefined, after: ApprovalPolicyRecord): WriteOp {
  return mainTable.put(
    { ...approvalPolicyKeys.policy(after.companyId), entity: 'ApprovalPolicy', ...after },
    { condition: before ? conditions.atVersion(before.version) : conditions.absent, onConditionFailed: () => new VersionConflict() },
  );
}

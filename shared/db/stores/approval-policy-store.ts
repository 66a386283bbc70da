import type { ApprovalPolicyRecord } from '../../approval-policies/records.ts';
import { VersionConflict } from '../../errors.ts';
import { approvalPolicyKeys } from '../table/keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { config } from '../../config.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';

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

/** The policy written at the version read (absent before the first), and that version kept for good; changed meanwhile: 409. */
export function replaceApprovalPolicyOps(before: ApprovalPolicyRecord | undefined, after: ApprovalPolicyRecord): WriteOp[] {
  return [
    mainTable.put(
      { ...approvalPolicyKeys.policy(after.companyId), entity: 'ApprovalPolicy', ...after },
      { condition: before ? conditions.atVersion(before.version) : conditions.absent, onConditionFailed: () => new VersionConflict() },
    ),
    mainTable.put({ ...approvalPolicyKeys.version(after.companyId, after.version), entity: 'ApprovalPolicyVersion', ...after }, { condition: conditions.absent, onConditionFailed: () => new VersionConflict() }),
  ];
}

/** Every version the policy had, oldest first (a handful: each is a person's change). */
export async function approvalPolicyVersions(companyId: string): Promise<ApprovalPolicyRecord[]> {
  const found: ApprovalPolicyRecord[] = [];
  const pk = approvalPolicyKeys.policy(companyId).pk;
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, approvalPolicyKeys.versionsPrefix), ConsistentRead: true })) found.push(recordOf<ApprovalPolicyRecord>(item as Item, FIELDS));
  return found;
}

import type { NodeAttributes } from '../tree/records.ts';
import type { LineNodes } from '../journals/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { ApprovalPolicyRecord } from './records.ts';

/**
 * What the approval policy's use cases (approval-policy.ts) need of the place it is kept, one
 * port per use case; shared/db implements them.
 */

export interface ApprovalPolicyReads {
  /** The company's policy, or undefined when it never had one (strongly consistent). */
  policy(companyId: string): Promise<ApprovalPolicyRecord | undefined>;
}

export interface ApprovalPolicyReplacing extends ApprovalPolicyReads {
  /** The accounts and cost centers the rules name, read to check they are the company's. */
  accounts: Pick<LineNodes<NodeAttributes>, 'getMany'>;
  costCenters: Pick<LineNodes<NodeAttributes>, 'getMany'>;
  /** The policy replaced at the version read (0: none yet). Errors at commit: VersionConflict. */
  replaceChange(before: ApprovalPolicyRecord | undefined, after: ApprovalPolicyRecord): Change;
}

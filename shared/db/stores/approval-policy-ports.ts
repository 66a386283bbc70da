import type { ApprovalPolicyReads, ApprovalPolicyReplacing } from '../../approval-policies/store.ts';
import { getApprovalPolicy, replaceApprovalPolicyOps } from './approval-policy-store.ts';
import { accountLines, costCenterLines } from './nodes/line-nodes.ts';

/** The approval policy's ports (approval-policies/store.ts), one per use case. */
export const approvalPolicyReads: ApprovalPolicyReads = { policy: getApprovalPolicy };

export const approvalPolicyReplacing: ApprovalPolicyReplacing = { policy: getApprovalPolicy, accounts: accountLines, costCenters: costCenterLines, replaceChanges: replaceApprovalPolicyOps };

import { approvalPolicyReads } from '../../shared/db/stores/approval-policy-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as approvalPoliciesRoutes from '../../shared/routes/approval-policies.ts';
import { readApprovalPolicy } from '../../shared/approval-policies/approval-policy.ts';

export const handler = readEndpoint(approvalPoliciesRoutes.get, (r) => readApprovalPolicy(approvalPolicyReads, r.params.companyId));

import { approvalPolicyReplacing } from '../../shared/db/stores/approval-policy-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as approvalPoliciesRoutes from '../../shared/routes/approval-policies.ts';
import { replaceApprovalPolicy } from '../../shared/approval-policies/approval-policy.ts';

export const handler = writeEndpoint(approvalPoliciesRoutes.replace, (r) => replaceApprovalPolicy(approvalPolicyReplacing, r.uow, r.params.companyId, r.body));

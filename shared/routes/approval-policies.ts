import { RecordHistoryQuery } from '../audit/schemas.ts';
import { ReplaceApprovalPolicyBody } from '../approval-policies/schemas.ts';
import { route, company } from './route.ts';

const policy = `${company}/ApprovalPolicy` as const;

/**
 * The approval policy rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as approvalPoliciesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const get = /* @__PURE__ */ route('approvalPolicies.get', () => ({ methods: ['GET'], path: policy, handler: 'functions/approval-policies/get.ts', access: 'approval-policies:read', response: 'ApprovalPolicyResponse', summary: 'The company’s approval policy: which journals need whose approval before they are posted (no rules, version 0: none needs any)', tag: 'Approvals' }));
export const replace = /* @__PURE__ */ route('approvalPolicies.replace', () => ({ methods: ['PUT'], path: policy, handler: 'functions/approval-policies/replace.ts', access: 'approval-policies:manage', event: 'ApprovalPolicyChanged', body: ReplaceApprovalPolicyBody, response: 'ApprovalPolicyResponse', errors: ['400 UnknownAccount', '400 UnknownCostCenter', '409 Conflict'], summary: 'Replace the approval policy’s rules (versioned; version 0 the first time): a journal a rule applies to needs one or two people’s approval, none of them its author, before it is posted', tag: 'Approvals' }));
export const history = /* @__PURE__ */ route('approvalPolicies.history', () => ({ methods: ['GET'], path: `${policy}/History`, handler: 'functions/approval-policies/history.ts', access: 'approval-policies:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the approval policy, oldest first: the change, who made it, in which request, when, and the policy as it stood after it', tag: 'Approvals' }));

/** Every approval policy row by action, for the route table. */
export const approvalPoliciesRoutes = { get, replace, history };

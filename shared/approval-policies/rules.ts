import { StateConflict } from '../errors.ts';
import { toMils } from '../money/mils.ts';
import type { ApprovalPolicyRecord, ApprovalRule, JournalSource } from './records.ts';

/** What the rules look at of a journal: its total, where it comes from, and what its lines name (with their ancestors). */
export interface JournalFacts {
  /** Debit total in the company currency (decimal text). */
  debitTotal: string;
  source: JournalSource;
  /** Each line's account and every account above it. */
  accountIds: ReadonlySet<string>;
  /** Each line's cost center and every cost center above it. */
  costCenterIds: ReadonlySet<string>;
  currencies: ReadonlySet<string>;
}

/** What a journal needs under a policy: how many distinct approvers, and the rules asking them. */
export interface ApprovalNeed {
  approvers: 1 | 2;
  rules: string[];
}

const some = <T>(wanted: readonly T[] | undefined, held: ReadonlySet<T> | T) =>
  wanted === undefined || wanted.some((w) => (held instanceof Set ? held.has(w) : held === w));

/** Whether every condition the rule gives holds for the journal (pure). */
export function ruleApplies(rule: ApprovalRule, facts: JournalFacts): boolean {
  // A reversal undoes a posting the policy let through, a revaluation is the service's own: neither is held.
  if (facts.source === 'reversal' || facts.source === 'revaluation') return false;
  return (
    (rule.minAmount === undefined || toMils(facts.debitTotal) >= toMils(rule.minAmount)) &&
    some(rule.accountIds, facts.accountIds) &&
    some(rule.costCenterIds, facts.costCenterIds) &&
    some<JournalSource>(rule.sources, facts.source) &&
    some(rule.currencies, facts.currencies)
  );
}

/** The approval the policy asks of the journal (the most approvers any applying rule asks), or null when no rule applies (pure). */
export function approvalNeed(policy: ApprovalPolicyRecord | undefined, facts: JournalFacts): ApprovalNeed | null {
  const applying = (policy?.rules ?? []).filter((rule) => ruleApplies(rule, facts));
  if (applying.length === 0) return null;
  return { approvers: Math.max(...applying.map((r) => r.approvers)) as 1 | 2, rules: applying.map((r) => r.name) };
}

/** Whether any rule looks at what the lines name above them (the nodes' ancestors must then be read). */
export const needsAncestors = (policy: ApprovalPolicyRecord | undefined) => (policy?.rules ?? []).some((r) => r.accountIds !== undefined || r.costCenterIds !== undefined);

/** The distinct people among the approvals given. */
export const approversCount = (approvals: ReadonlyArray<{ personId: string }>) => new Set(approvals.map((a) => a.personId)).size;

/**
 * A posting needs the approval the policy asks: refused unless the journal holds that many
 * distinct people's approvals. Errors: StateConflict (ApprovalRequired) naming the rules.
 */
export function checkApproved(need: ApprovalNeed | null, approvals: ReadonlyArray<{ personId: string }>): void {
  if (!need) return;
  const given = approversCount(approvals);
  if (given >= need.approvers) return;
  const rules = need.rules.map((r) => `"${r}"`).join(', ');
  throw new StateConflict(
    'ApprovalRequired',
    `The approval policy's rule ${rules} asks ${need.approvers === 1 ? 'one approval' : 'two approvals by different people'} before this journal is posted; it holds ${given}: submit it (Submit) and have it approved (Approve).`,
  );
}

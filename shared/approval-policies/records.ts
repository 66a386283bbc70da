import type { ActorRef } from '../auth/actor.ts';

/** Where a journal comes from, as an approval rule names it. */
export const JOURNAL_SOURCES = ['user', 'apiKey', 'import', 'closing'] as const;
/** A source a rule may name. */
export type RuleSource = (typeof JOURNAL_SOURCES)[number];
/** Where a journal comes from: a source a rule may name, or a posting the service makes at once (never held). */
export type JournalSource = RuleSource | 'reversal' | 'revaluation';

/**
 * One rule of a company's approval policy: a journal it applies to (every condition it gives
 * holds) needs `approvers` distinct people's approval before it is posted.
 */
export interface ApprovalRule {
  name: string;
  /** The journal's debit total in the company currency is at least this (exact decimal text). */
  minAmount?: string | undefined;
  /** A line is on one of these accounts or under it. */
  accountIds?: string[] | undefined;
  /** A line carries one of these cost centers or one under it. */
  costCenterIds?: string[] | undefined;
  /** The journal comes from one of these. */
  sources?: RuleSource[] | undefined;
  /** A line is in one of these currencies (a line in the company currency counts as that). */
  currencies?: string[] | undefined;
  approvers: 1 | 2;
}

/** A company's approval policy: one item, versioned; no policy (version 0) means no journal needs approval. */
export interface ApprovalPolicyRecord {
  companyId: string;
  rules: ApprovalRule[];
  version: number;
  updatedAt: string | null;
  updatedBy: ActorRef;
}

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

/** Who made each API key: an approval counts a key as its maker. */
export interface KeyMakers {
  /** The user who made the API key, or undefined for a key the company does not have. */
  apiKeyCreator(companyId: string, keyId: string): Promise<string | undefined>;
}

/** Accounts or cost centers by id, with their parents (missing ones left out): what a rule's subtree is walked through. */
export interface NodeParents {
  getMany(companyId: string, ids: string[]): Promise<Array<{ id: string; parentId: string | null }>>;
}

/** What reading a journal's facts for the rules takes (journals/approval-facts.ts): the nodes its lines name and those above them, and the company currency. */
export interface FactReads {
  accounts: NodeParents;
  costCenters: NodeParents;
  settings: { read(companyId: string): Promise<{ settings: { baseCurrency: string } }> };
}

export interface ApprovalPolicyReplacing extends ApprovalPolicyReads {
  /** The accounts and cost centers the rules name, read to check they are the company's. */
  accounts: NodeParents;
  costCenters: NodeParents;
  /** The policy replaced at the version read (0: none yet), the new version kept for good. Errors at commit: VersionConflict. */
  replaceChanges(before: ApprovalPolicyRecord | undefined, after: ApprovalPolicyRecord): Change[];
}

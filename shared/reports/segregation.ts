import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import { approvalNeed, approversCount } from '../approval-policies/rules.ts';
import { personsOf } from '../approval-policies/persons.ts';
import type { ActorRef } from '../auth/actor.ts';
import { ValidationError } from '../errors.ts';
import { journalFacts } from '../journals/approval-facts.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { SegregationInput } from './schemas.ts';
import type { SegregationReads } from './store.ts';

export type Segregation = ResponseOf<'SegregationResponse'>;

/** Journals a report examines at most: past it, the range is to be narrowed. */
export const MAX_JOURNALS = 50_000;
/** Exceptions a report lists at most (oldest first); `exceptionCount` counts them all. */
export const MAX_LISTED = 1_000;

export type Finding = 'enteredAndApproved' | 'enteredAndPosted' | 'approvedAndPosted' | 'unapproved';

type Actor = NonNullable<ActorRef>;

/**
 * Segregation of duties over the journals dated in a range that were posted (posted, reversed,
 * or voided after posting): each where one person held two of the roles entered (created or last
 * edited), approved and posted, or that was posted without the approval the policy in force at
 * its posting asked (the version its posting recorded, else the one in force at `postedAt`), and
 * per principal how many it entered, approved and posted. A person is a user, an API key counting
 * as the user who made it. The policy's versions are kept for good beside it, each as written.
 * Errors: ValidationError (TooManyJournals naming `dateTo`).
 */
export async function segregation(books: SegregationReads, companyId: string, query: SegregationInput): Promise<Segregation> {
  const policies = await books.approvalPolicyVersions(companyId);
  const personOf = personsOf(books, companyId);
  const counts = new Map<string, { principal: Actor; entered: number; approved: number; posted: number }>();
  const count = (a: ActorRef | undefined, role: 'entered' | 'approved' | 'posted') => {
    if (!a) return;
    const key = `${a.type}:${a.id}`;
    const c = counts.get(key) ?? counts.set(key, { principal: a, entered: 0, approved: 0, posted: 0 }).get(key)!;
    c[role] += 1;
  };
  const exceptions: Segregation['exceptions'] = [];
  let examined = 0;
  let exceptionCount = 0;
  for await (const j of books.journals(companyId, { from: query.dateFrom, to: query.dateTo })) {
    if (!j.postedBy && j.status !== 'posted' && j.status !== 'reversed') continue;
    if (++examined > MAX_JOURNALS) throw ValidationError.field('dateTo', `the range holds more than ${MAX_JOURNALS} posted journals: narrow it`, 'TooManyJournals');
    const approvals = j.approvals ?? [];
    const entered = [j.createdBy, j.editedBy].filter((a): a is Actor => !!a);
    for (const a of new Map(entered.map((e) => [`${e.type}:${e.id}`, e])).values()) count(a, 'entered');
    for (const a of approvals) count(a.by, 'approved');
    count(j.postedBy, 'posted');
    const [enteredBy, postedBy] = await Promise.all([Promise.all(entered.map(personOf)), j.postedBy ? personOf(j.postedBy) : undefined]);
    const approvedBy = approvals.map((a) => a.personId);
    const findings: Finding[] = [];
    if (approvedBy.some((p) => enteredBy.includes(p))) findings.push('enteredAndApproved');
    if (postedBy && enteredBy.includes(postedBy)) findings.push('enteredAndPosted');
    if (postedBy && approvedBy.includes(postedBy)) findings.push('approvedAndPosted');
    const policy = inForce(policies, j);
    const need = policy && approvalNeed(policy, await journalFacts(books, companyId, j, policy));
    if (need && approversCount(approvals) < need.approvers) findings.push('unapproved');
    if (findings.length === 0) continue;
    exceptionCount += 1;
    if (exceptions.length < MAX_LISTED) exceptions.push(exceptionView(j, findings, need && findings.includes('unapproved') ? need.rules : [], policy?.version ?? null));
  }
  return { dateFrom: query.dateFrom, dateTo: query.dateTo, journalsExamined: examined, exceptionCount, exceptions, principals: [...counts.values()].sort((a, b) => `${a.principal.type}:${a.principal.id}`.localeCompare(`${b.principal.type}:${b.principal.id}`)) };
}

function exceptionView(j: JournalRecord, findings: Finding[], rules: string[], policyVersion: number | null): Segregation['exceptions'][number] {
  const approvals = j.approvals ?? [];
  return {
    journalId: j.id,
    serialNumber: j.serialNumber,
    date: j.calendarDate,
    status: j.status,
    createdBy: j.createdBy ?? null,
    editedBy: j.editedBy ?? null,
    approvedBy: approvals.map((a) => a.by),
    postedBy: j.postedBy ?? null,
    postedAt: j.postedAt ?? null,
    findings,
    rules,
    approvalPolicyVersion: policyVersion,
  };
}

/** The policy in force at a journal's posting: the version it recorded, else the last changed at or before `postedAt`; none before any. */
function inForce(policies: readonly ApprovalPolicyRecord[], j: JournalRecord): ApprovalPolicyRecord | undefined {
  if (j.approvalPolicyVersion !== undefined) return policies.find((p) => p.version === j.approvalPolicyVersion);
  if (!j.postedAt) return undefined;
  return policies.filter((p) => p.updatedAt !== null && p.updatedAt <= j.postedAt!).at(-1);
}

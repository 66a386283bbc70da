import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import { approvalNeed, approversCount } from '../approval-policies/rules.ts';
import type { ActorRef } from '../auth/actor.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { journalFacts } from './approval-facts.ts';
import type { FactReads, KeyMakers } from '../approval-policies/store.ts';
import { personsOf } from '../approval-policies/persons.ts';
import type { ApprovedJournal, DraftJournal, JournalRecord, SubmittedJournal } from './records.ts';
import { checkTransition, type JournalAction } from './rules.ts';
import type { Books } from './store.ts';
import { journalView, type JournalView } from './views.ts';

/**
 * Submit, Approve and Reject: a draft the company's approval policy holds asks approval, people
 * other than its author give it, and once enough have the journal is `approved`, for Post
 * (docs/decisions.md, "Approvals"). None moves a balance.
 */
export interface JournalApproving extends Pick<Books, 'existingJournal' | 'saved' | 'approvalPolicy'>, FactReads, KeyMakers {}

const now = () => new Date().toISOString();

function checkFor<A extends JournalAction>(journal: JournalRecord, version: number, action: A) {
  if (journal.version !== version) throw new VersionConflict();
  checkTransition(journal, action);
  return journal;
}

/** The policy's ask of the journal, as it stands now. */
async function needOf(books: FactReads, companyId: string, journal: JournalRecord, policy: ApprovalPolicyRecord | undefined) {
  return approvalNeed(policy, await journalFacts(books, companyId, journal, policy));
}

/**
 * A draft the policy holds asks its approval. Errors: NotFound, VersionConflict, StateConflict
 * (InvalidState, ReversalIsFinal, RevaluationJournal, ApprovalNotRequired).
 */
export async function submitJournal(books: JournalApproving, uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const [journal, policy] = await Promise.all([books.existingJournal(companyId, journalId), books.approvalPolicy(companyId)]);
  const before = checkFor(journal, version, 'Submit');
  if (!(await needOf(books, companyId, before, policy))) {
    throw new StateConflict('ApprovalNotRequired', 'No rule of the approval policy applies to this journal: post it as it is.');
  }
  const at = now();
  const after: SubmittedJournal = { ...before, status: 'submitted', submittedBy: uow.actor, submittedAt: at, approvals: [], version: before.version + 1, updatedAt: at, updatedBy: uow.actor };
  return books.saved(uow, companyId, before, after, journalView(after));
}

/**
 * One person's approval of a submitted journal; with as many as the policy asks (distinct
 * people), it is `approved`. Its creator and last editor may not approve it, nor an API key
 * either of them made. Errors: NotFound, VersionConflict, StateConflict (InvalidState,
 * ReversalIsFinal, RevaluationJournal, AuthorUnknown, SelfApproval, AlreadyApproved).
 */
export async function approveJournal(books: JournalApproving, uow: UnitOfWork, companyId: string, journalId: string, version: number): Promise<JournalView> {
  const [journal, policy] = await Promise.all([books.existingJournal(companyId, journalId), books.approvalPolicy(companyId)]);
  const before = checkFor(journal, version, 'Approve');
  const after = await withApproval(books, companyId, before, { actor: uow.actor!, personOf: personsOf(books, companyId) }, policy, now());
  return books.saved(uow, companyId, before, after, journalView(after));
}

/** Who approves: the actor, and how the people behind actors are found (persons.ts). */
export interface Approver {
  actor: NonNullable<ActorRef>;
  personOf: (actor: NonNullable<ActorRef>) => Promise<string>;
}

/**
 * The journal with the approver's approval added: `approved` once it holds as many people's as
 * the policy asks now (a policy loosened since it was submitted asks at least the one given).
 * Errors: StateConflict (AuthorUnknown, SelfApproval, AlreadyApproved).
 */
export async function withApproval(books: FactReads, companyId: string, before: SubmittedJournal | ApprovedJournal, approver: Approver, policy: ApprovalPolicyRecord | undefined, at: string): Promise<SubmittedJournal | ApprovedJournal> {
  if (!before.createdBy || !before.editedBy) {
    throw new StateConflict('AuthorUnknown', 'Who wrote this journal is not known (it was written before the service kept authors): update it (PUT) so its author is known, then submit it again.');
  }
  const [person, ...authors] = await Promise.all([approver.actor, before.createdBy, before.editedBy].map(approver.personOf));
  if (authors.includes(person!)) throw new StateConflict('SelfApproval', 'You created or last edited this journal (an API key counts as the user who made it): another person must approve it.');
  if (before.approvals.some((a) => a.personId === person)) throw new StateConflict('AlreadyApproved', 'You approved this journal already: the rule asks a second approval by another person.');
  const approvals = [...before.approvals, { by: approver.actor, personId: person!, at }];
  const need = (await needOf(books, companyId, before, policy))?.approvers ?? 1;
  const status = approversCount(approvals) >= need ? 'approved' : 'submitted';
  return { ...before, status, approvals, version: before.version + 1, updatedAt: at, updatedBy: approver.actor };
}

/**
 * Refuses a submitted or approved journal's approval, with the reason: it goes back to draft, its
 * approvals dropped, the refusal kept on it. Errors: NotFound, VersionConflict, StateConflict
 * (InvalidState, ReversalIsFinal, RevaluationJournal).
 */
export async function rejectJournal(books: JournalApproving, uow: UnitOfWork, companyId: string, journalId: string, input: { version: number; reason: string }): Promise<JournalView> {
  const before = checkFor(await books.existingJournal(companyId, journalId), input.version, 'Reject');
  const at = now();
  const { submittedBy: _asked, submittedAt: _askedAt, approvals: _given, ...fields } = before;
  const after: DraftJournal = { ...fields, status: 'draft', rejection: { by: uow.actor!, at, reason: input.reason }, version: before.version + 1, updatedAt: at, updatedBy: uow.actor };
  return books.saved(uow, companyId, before, after, journalView(after));
}

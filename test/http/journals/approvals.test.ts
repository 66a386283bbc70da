import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, signedInUser, useGateway } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { allErrors, imported } from '../../support/imports.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/** Four eyes on the books: an approval policy, Submit, Approve and Reject, no self-approval, Post held to the policy. */
const gateway = useGateway();
const accountant = ROLES.find((r) => r.name === 'accountant')!.id;

async function arranged() {
  const books = await companyBooks(gateway.url);
  const { api, base } = books;
  const clerk = await signedInUser(gateway.url);
  await addMember(api, base, clerk.user.email, accountant);
  const role = await api.post(`${base}/Roles`, { name: 'Approver', permissions: ['journals:read', 'journals:approve'] });
  const approver = await signedInUser(gateway.url);
  await addMember(api, base, approver.user.email, role.body.id);
  const policy = await api.put(`${base}/ApprovalPolicy`, {
    rules: [
      { name: 'Large journals', minAmount: '1000', approvers: 2 },
      { name: 'Cash', accountIds: [books.chart.assets.id], currencies: ['SAR'], approvers: 1 },
    ],
    version: 0,
  });
  expect(policy.status, policy.text).toBe(200);
  return { ...books, clerk, approver, policy: policy.body };
}

const entries = (books: Awaited<ReturnType<typeof arranged>>, amount: string, from = books.chart.rent.id) => [debit(from, amount), credit(books.chart.sales.id, amount)];

describe('approvals', () => {
  it('holds a journal a rule applies to until as many people as it asks, none its author, approved it', async () => {
    const books = await arranged();
    const { api, base, clerk, approver } = books;
    const owner = { type: 'user', id: books.user.id };
    const small = (await clerk.api.post(`${base}/Journals`, { date: '2026-03-01', entries: entries(books, '10') })).body;
    expect((await clerk.api.post(`${base}/Journals/${small.id}/Post`, { postingDate: '2026-03-01', version: small.version })).status).toBe(200);
    const draft = (await clerk.api.post(`${base}/Journals`, { date: '2026-03-02', entries: entries(books, '1500') })).body;

    const early = await clerk.api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-02', version: draft.version });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('ApprovalRequired');
    expect(early.body.errors[0].reason).toContain('"Large journals"');

    const submitted = await clerk.api.post(`${base}/Journals/${draft.id}/Submit`, { version: draft.version });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', submittedBy: { type: 'user', id: clerk.user.id }, approvals: [] });
    // The accountant enters and posts; approving is not its to do.
    expect((await clerk.api.post(`${base}/Journals/${draft.id}/Approve`, { version: submitted.body.version })).status).toBe(403);

    const first = await api.post(`${base}/Journals/${draft.id}/Approve`, { version: submitted.body.version });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: 'submitted', approvals: [{ by: owner }], approvedBy: null });
    const twice = await api.post(`${base}/Journals/${draft.id}/Approve`, { version: first.body.version });
    expect(twice.body.errors?.[0].code).toBe('AlreadyApproved');
    const notYet = await clerk.api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-02', version: first.body.version });
    expect(notYet.body.errors[0].code).toBe('ApprovalRequired');

    const second = await approver.api.post(`${base}/Journals/${draft.id}/Approve`, { version: first.body.version });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ status: 'approved', approvedBy: { type: 'user', id: approver.user.id } });
    expect(second.body.approvals).toHaveLength(2);

    // Submit and Approve move no balance: the trial balance as known before them is the one after.
    const trial = (knownAt?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${knownAt ? `&knownAt=${encodeURIComponent(knownAt)}` : ''}`);
    const asKnown = (await trial(submitted.body.updatedAt)).body;
    expect(asKnown.totals.closing.debit).toBe('10.00');
    expect({ ...(await trial()).body, knownAt: null }).toEqual({ ...asKnown, knownAt: null });
    const posted = await clerk.api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-02', version: second.body.version });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ status: 'posted', postedBy: { type: 'user', id: clerk.user.id }, approvedBy: { type: 'user', id: approver.user.id }, createdBy: { type: 'user', id: clerk.user.id } });
    expect(posted.body.approvals).toHaveLength(2);
  });

  it('refuses an approval by the journal’s author, or by an API key its author made; an edit drops the approvals, a rejection sends it back with its reason', async () => {
    const books = await arranged();
    const { api, base, approver } = books;
    const mine = (await api.post(`${base}/Journals`, { date: '2026-03-03', entries: entries(books, '50', books.chart.cash.id) })).body;
    const asked = (await api.post(`${base}/Journals/${mine.id}/Submit`, { version: mine.version })).body;
    expect(asked.status).toBe('submitted');

    const self = await api.post(`${base}/Journals/${mine.id}/Approve`, { version: asked.version });
    expect(self.status).toBe(409);
    expect(self.body.errors[0].code).toBe('SelfApproval');
    const ownersKey = client(gateway.url, `Bearer ${await addApiKey(api, base, ['journals:read', 'journals:approve'])}`);
    const byKey = await ownersKey.post(`${base}/Journals/${mine.id}/Approve`, { version: asked.version });
    expect(byKey.status).toBe(409);
    expect(byKey.body.errors[0].code).toBe('SelfApproval');
    expect((await api.get(`${base}/Journals/${mine.id}`)).body).toMatchObject({ version: asked.version, approvals: [] });

    // Its last editor is an author too: the clerk's journal, edited by the owner, is the owner's to not approve.
    const clerks = (await books.clerk.api.post(`${base}/Journals`, { date: '2026-03-03', entries: entries(books, '40', books.chart.cash.id) })).body;
    const touched = (await api.put(`${base}/Journals/${clerks.id}`, { date: '2026-03-03', entries: entries(books, '45', books.chart.cash.id), version: clerks.version })).body;
    const sent = (await books.clerk.api.post(`${base}/Journals/${clerks.id}/Submit`, { version: touched.version })).body;
    expect((await api.post(`${base}/Journals/${clerks.id}/Approve`, { version: sent.version })).body.errors[0].code).toBe('SelfApproval');
    expect((await approver.api.post(`${base}/Journals/${clerks.id}/Approve`, { version: sent.version })).status).toBe(200);

    // One approval is what the cash rule asks: approved; an edit takes it back to draft, its approval dropped.
    const approved = (await approver.api.post(`${base}/Journals/${mine.id}/Approve`, { version: asked.version })).body;
    expect(approved).toMatchObject({ status: 'approved' });
    const edited = await api.put(`${base}/Journals/${mine.id}`, { date: '2026-03-03', entries: entries(books, '60', books.chart.cash.id), version: approved.version });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ status: 'draft', approvals: [], submittedBy: null, approvedBy: null });

    const again = (await api.post(`${base}/Journals/${mine.id}/Submit`, { version: edited.body.version })).body;
    const rejected = await approver.api.post(`${base}/Journals/${mine.id}/Reject`, { version: again.version, reason: 'Attach the receipt' });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'draft', approvals: [], rejection: { by: { type: 'user', id: approver.user.id }, reason: 'Attach the receipt' } });
    const noReason = await approver.api.post(`${base}/Journals/${mine.id}/Reject`, { version: rejected.body.version, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].name).toBe('reason');

    // A journal no rule applies to posts as it is, and asks no approval.
    const small = (await api.post(`${base}/Journals`, { date: '2026-03-04', entries: entries(books, '10') })).body;
    expect((await api.post(`${base}/Journals/${small.id}/Submit`, { version: small.version })).body.errors[0].code).toBe('ApprovalNotRequired');
    expect((await api.post(`${base}/Journals/${small.id}/Post`, { postingDate: '2026-03-04', version: small.version })).status).toBe(200);
  });

  it('takes one of two approvals sent at once, and one of an edit and an approval racing', async () => {
    const books = await arranged();
    const { api, base, approver, clerk } = books;
    const draft = (await clerk.api.post(`${base}/Journals`, { date: '2026-03-05', entries: entries(books, '2000') })).body;
    const asked = (await clerk.api.post(`${base}/Journals/${draft.id}/Submit`, { version: draft.version })).body;

    const both = await Promise.all([api, approver.api].map((c) => c.post(`${base}/Journals/${draft.id}/Approve`, { version: asked.version })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const afterBoth = (await api.get(`${base}/Journals/${draft.id}`)).body;
    expect(afterBoth).toMatchObject({ status: 'submitted', version: asked.version + 1 });
    expect(afterBoth.approvals).toHaveLength(1);

    const [edit, approval] = await Promise.all([
      clerk.api.put(`${base}/Journals/${draft.id}`, { date: '2026-03-05', entries: entries(books, '2100'), version: afterBoth.version }),
      (afterBoth.approvals[0].by.id === approver.user.id ? api : approver.api).post(`${base}/Journals/${draft.id}/Approve`, { version: afterBoth.version }),
    ]);
    expect([edit.status, approval.status].sort()).toEqual([200, 409]);
    const final = (await api.get(`${base}/Journals/${draft.id}`)).body;
    expect(final.version).toBe(afterBoth.version + 1);
    if (edit.status === 200) expect(final).toMatchObject({ status: 'draft', approvals: [] });
    else expect(final).toMatchObject({ status: 'approved' });
  });

  it('keeps the policy versioned, with its history, refusing rules naming what the company lacks; the chain verifies over the new states', async () => {
    const books = await arranged();
    const { api, base, policy } = books;
    expect(policy).toMatchObject({ version: 1, updatedBy: { type: 'user', id: books.user.id } });
    expect(policy.rules[0]).toEqual({ name: 'Large journals', minAmount: '1000', accountIds: null, costCenterIds: null, sources: null, currencies: null, approvers: 2 });

    const stale = await api.put(`${base}/ApprovalPolicy`, { rules: [], version: 0 });
    expect(stale.status).toBe(409);
    const unknown = await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'X', accountIds: [books.chart.cash.id, '00000000-0000-4000-8000-000000000000'], approvers: 1 }], version: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ name: 'rules[0].accountIds[1]', code: 'UnknownAccount' });
    const three = await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'X', approvers: 3 }], version: 1 });
    expect(three.body.errors[0].name).toBe('rules[0].approvers');
    expect((await api.get(`${base}/ApprovalPolicy`)).body).toEqual(policy);
    // The clerk may read the policy, not change it.
    expect((await books.clerk.api.get(`${base}/ApprovalPolicy`)).status).toBe(200);
    expect((await books.clerk.api.put(`${base}/ApprovalPolicy`, { rules: [], version: 1 })).status).toBe(403);

    // Rules from API keys: the key's journal is held; cleared, the policy holds none.
    const key = client(gateway.url, `Bearer ${await addApiKey(api, base, ['journals:create', 'journals:post'])}`);
    const sourced = await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Integrations', sources: ['apiKey'], approvers: 1 }], version: 1 });
    expect(sourced.status, sourced.text).toBe(200);
    const fromKey = (await key.post(`${base}/Journals`, { date: '2026-03-06', entries: entries(books, '5') })).body;
    expect((await key.post(`${base}/Journals/${fromKey.id}/Post`, { postingDate: '2026-03-06', version: fromKey.version })).body.errors[0].code).toBe('ApprovalRequired');
    const fromUser = (await api.post(`${base}/Journals`, { date: '2026-03-06', entries: entries(books, '5') })).body;
    expect((await api.post(`${base}/Journals/${fromUser.id}/Post`, { postingDate: '2026-03-06', version: fromUser.version })).status).toBe(200);
    const submitted = (await key.post(`${base}/Journals/${fromKey.id}/Submit`, { version: fromKey.version })).body;
    const approved = (await books.approver.api.post(`${base}/Journals/${fromKey.id}/Approve`, { version: submitted.version })).body;
    expect((await key.post(`${base}/Journals/${fromKey.id}/Post`, { postingDate: '2026-03-06', version: approved.version })).status).toBe(200);

    const history = (await api.get(`${base}/ApprovalPolicy/History`)).body.results as Array<{ version: number; type: string; state: { rules: unknown[] } }>;
    expect(history.map((h) => [h.version, h.type, h.state.rules.length])).toEqual([[1, 'ApprovalPolicyChanged', 2], [2, 'ApprovalPolicyChanged', 1]]);
    const verified = await api.get(`${base}/Audit/Verify`);
    expect(verified.body).toMatchObject({ verified: true, firstBrokenSequence: null });
  });

  it('posts no imported journal a rule holds: the import refuses post for it, naming the rule, writes it submitted without post, and another person approves the import’s journals as one act', async () => {
    const books = await arranged();
    const { api, base, companyId, clerk, approver } = books;
    const line = (reference: string, accountPath: string, side: number, amount: number) => ({ reference, date: '2026-03-07', accountPath, side, amount });
    const pair = (reference: string, amount: number) => [line(reference, '5.5101', 1, amount), line(reference, '4.4101', 2, amount)];
    const data = [...pair('BIG', 1500), ...pair('SMALL', 20)];

    const posting = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'perItem', post: true, data });
    expect(posting).toMatchObject({ counts: { written: 2, invalid: 2 } });
    const [error] = await allErrors(api, base, posting.id);
    expect(error).toMatchObject({ row: 1, field: 'reference', code: 'ApprovalRequired' });
    expect(error!.reason).toContain('"Large journals"');
    expect((await api.get(`${base}/Journals?reference=BIG`)).body.results).toEqual([]);

    // Without post, the journals a rule holds are written asking approval in the importer's name; the others are drafts.
    const drafts = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'atomic', data: [...pair('BIG', 1500), ...pair('BIG2', 2000), ...pair('BIG3', 3000), ...pair('SMALL2', 20)] });
    expect(drafts.status).toBe('succeeded');
    const byReference = async (reference: string) => (await api.get(`${base}/Journals?reference=${reference}`)).body.results[0];
    const owner = { type: 'user', id: books.user.id };
    expect(await byReference('BIG')).toMatchObject({ status: 'submitted', importId: drafts.id, createdBy: owner, submittedBy: owner, approvals: [] });
    expect(await byReference('SMALL2')).toMatchObject({ status: 'draft', importId: drafts.id });

    // A colleague who enters and approves takes BIG3 back to draft, then asks its approval again: its last editor.
    const role = await api.post(`${base}/Roles`, { name: 'Entering approver', permissions: ['journals:read', 'journals:create', 'journals:update', 'journals:approve'] });
    const colleague = await signedInUser(gateway.url);
    await addMember(api, base, colleague.user.email, role.body.id);
    const big3 = await byReference('BIG3');
    const edited = (await colleague.api.put(`${base}/Journals/${big3.id}`, { date: '2026-03-07', reference: 'BIG3', entries: entries(books, '3000'), version: big3.version })).body;
    expect(edited).toMatchObject({ status: 'draft', editedBy: { type: 'user', id: colleague.user.id } });
    await colleague.api.post(`${base}/Journals/${big3.id}/Submit`, { version: edited.version });

    // The importer is their author: the owner cannot approve them, one by one or as an import; a member without journals:approve may not either.
    const big = await byReference('BIG');
    expect((await api.post(`${base}/Journals/${big.id}/Approve`, { version: big.version })).body.errors[0].code).toBe('SelfApproval');
    expect((await api.post(`${base}/Imports/${drafts.id}/Approve`)).body.errors[0].code).toBe('SelfApproval');
    expect((await clerk.api.post(`${base}/Imports/${drafts.id}/Approve`)).status).toBe(403);

    const act = await approver.api.post(`${base}/Imports/${drafts.id}/Approve`);
    expect(act.status, act.text).toBe(200);
    expect(act.body).toMatchObject({ importId: drafts.id, approvedBy: { type: 'user', id: approver.user.id }, asking: 3, approved: 3, completed: 0, skipped: [], skippedCount: 0 });
    // "Large journals" asks two people: each now holds one approval, with its own event in its history.
    for (const reference of ['BIG', 'BIG2']) {
      const journal = await byReference(reference);
      expect(journal).toMatchObject({ status: 'submitted', approvals: [{ by: { type: 'user', id: approver.user.id } }] });
      const history = (await api.get(`${base}/Journals/${journal.id}/History`)).body.results;
      expect(history.map((h: { type: string; actor: { id: string } }) => [h.type, h.actor.id])).toEqual([['JournalCreated', owner.id], ['JournalApproved', approver.user.id]]);
    }
    // Sent again by the same person: nothing more is given.
    const again = await approver.api.post(`${base}/Imports/${drafts.id}/Approve`);
    expect(again.body).toMatchObject({ asking: 3, approved: 0, skippedCount: 3 });
    expect(again.body.skipped.map((s: { code: string }) => s.code)).toEqual(['AlreadyApproved', 'AlreadyApproved', 'AlreadyApproved']);

    // The colleague is the second person for BIG and BIG2, not for BIG3, which they last edited.
    const second = await colleague.api.post(`${base}/Imports/${drafts.id}/Approve`);
    expect(second.body).toMatchObject({ asking: 3, approved: 2, completed: 2, skippedCount: 1 });
    expect(second.body.skipped).toEqual([{ journalId: big3.id, serialNumber: big3.serialNumber, code: 'SelfApproval', reason: expect.stringContaining('last edited') }]);
    const approvedBig = await byReference('BIG');
    expect(approvedBig).toMatchObject({ status: 'approved', approvedBy: { type: 'user', id: colleague.user.id } });
    expect((await api.post(`${base}/Journals/${approvedBig.id}/Post`, { postingDate: '2026-03-07', version: approvedBig.version })).status).toBe(200);
    expect((await approver.api.post(`${base}/Imports/${posting.id}/Approve`)).body.errors[0].code).toBe('NothingToApprove');
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });

  it('reports who held two of entered, approved and posted, and per principal what each did, as JSON and as a file', async () => {
    const books = await arranged();
    const { api, base, clerk, approver } = books;
    const [owner, clerkUser, reviewer] = [{ type: 'user', id: books.user.id }, { type: 'user', id: clerk.user.id }, { type: 'user', id: approver.user.id }];
    // The clerk enters and posts a small journal: one person, two roles.
    const small = (await clerk.api.post(`${base}/Journals`, { date: '2026-05-02', entries: entries(books, '10') })).body;
    await clerk.api.post(`${base}/Journals/${small.id}/Post`, { postingDate: '2026-05-02', version: small.version });
    // The clerk enters a large one, the approver and the owner approve it, the clerk posts it: entered and posted by one person.
    const large = (await clerk.api.post(`${base}/Journals`, { date: '2026-05-03', entries: entries(books, '5000') })).body;
    let version = (await clerk.api.post(`${base}/Journals/${large.id}/Submit`, { version: large.version })).body.version;
    version = (await approver.api.post(`${base}/Journals/${large.id}/Approve`, { version })).body.version;
    version = (await api.post(`${base}/Journals/${large.id}/Approve`, { version })).body.version;
    expect((await clerk.api.post(`${base}/Journals/${large.id}/Post`, { postingDate: '2026-05-03', version })).status).toBe(200);
    // Entered by the clerk, approved by the approver, posted by the owner: no exception. A draft is not examined.
    const clean = (await clerk.api.post(`${base}/Journals`, { date: '2026-05-04', entries: entries(books, '50', books.chart.cash.id) })).body;
    version = (await clerk.api.post(`${base}/Journals/${clean.id}/Submit`, { version: clean.version })).body.version;
    version = (await approver.api.post(`${base}/Journals/${clean.id}/Approve`, { version })).body.version;
    expect((await api.post(`${base}/Journals/${clean.id}/Post`, { postingDate: '2026-05-04', version })).status).toBe(200);
    await clerk.api.post(`${base}/Journals`, { date: '2026-05-05', entries: entries(books, '7') });

    const report = await api.get(`${base}/Reports/Segregation?dateFrom=2026-05-01&dateTo=2026-05-31`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ journalsExamined: 3, exceptionCount: 2 });
    expect(report.body.exceptions.map((e: { journalId: string; findings: string[] }) => [e.journalId, e.findings])).toEqual([
      [small.id, ['enteredAndPosted']],
      [large.id, ['enteredAndPosted']],
    ]);
    const counts = (p: unknown) => report.body.principals.find((c: { principal: unknown }) => JSON.stringify(c.principal) === JSON.stringify(p));
    expect(counts(owner)).toMatchObject({ entered: 0, approved: 1, posted: 1 });
    expect(counts(clerkUser)).toMatchObject({ entered: 3, approved: 0, posted: 2 });
    expect(counts(reviewer)).toMatchObject({ entered: 0, approved: 2, posted: 0 });
    expect(report.body.principals).toHaveLength(3);

    const file = await api.get(`${base}/Reports/Segregation?dateFrom=2026-05-01&dateTo=2026-05-31&format=csv`);
    expect(file.status).toBe(200);
    expect(file.text).toContain('enteredAndPosted');
    expect(file.text).toContain(`user:${books.user.id}`);
    const narrow = await api.get(`${base}/Reports/Segregation?dateFrom=2026-05-31&dateTo=2026-05-01`);
    expect(narrow.body.errors[0].name).toBe('dateTo');
  });

  it('keeps a year from closing while a journal awaits or holds its approval, as a draft does', async () => {
    const books = await arranged();
    const { api, base, year } = books;
    const held = (await api.post(`${base}/Journals`, { date: '2026-06-01', entries: entries(books, '3000') })).body;
    const asked = (await api.post(`${base}/Journals/${held.id}/Submit`, { version: held.version })).body;
    expect(asked.status).toBe('submitted');
    for (const p of year.periods) await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version });
    const current = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const closed = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: current.version });
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe('UnpostedJournals');
    expect((await api.get(`${base}/Journals?status=submitted`)).body.results.map((j: { id: string }) => j.id)).toEqual([held.id]);
  });
});

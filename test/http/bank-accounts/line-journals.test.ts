import { describe, expect, it } from 'vitest';
import { client, useGateway } from '../../support/api.ts';
import { addApiKey } from '../../support/company-access.ts';
import { wholeFeed } from '../../support/feed.ts';
import { imported } from '../../support/imports.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/** A statement line with no journal (a bank charge, interest) made a journal, posted and matched in one request. */
const gateway = useGateway();
const IBAN = 'SA0380000000608010167519';

/** A customer's payment in, a fee and interest: two lines the books have no journal of. */
const NOVEMBER = [
  ':20:STMT202611',
  `:25:${IBAN}`,
  ':28C:00011/001',
  ':60F:C261101SAR0,00',
  ':61:2611031103C2500,00NTRFINV-1001//B261103001',
  ':86:Customer payment INV-1001',
  ':61:2611051105D120,00NCHGNONREF//B261105002',
  ':86:Account maintenance fee',
  ':61:2611301130C7,50NINTNONREF//B261130003',
  ':86:Credit interest',
  ':62F:C261130SAR2387,50',
  '-',
].join('\r\n');

async function arranged() {
  const books = await companyBooks(gateway.url);
  const { api, base, companyId, chart } = books;
  expect((await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: IBAN, bankName: 'Saudi National Bank' })).status).toBe(200);
  const job = await imported(api, base, companyId, { kind: 'bankStatements', format: 'mt940', mode: 'perItem', bankAccountId: chart.bank.id, data: NOVEMBER });
  expect(job.status, JSON.stringify(job.errors)).toBe('succeeded');
  return books;
}

describe('journals made from statement lines', () => {
  it('makes a draft, then posts and matches it; sent again, it goes on with the journal it made and never makes two', async () => {
    const { api, base, chart } = await arranged();
    const bankPath = `${base}/BankAccounts/${chart.bank.id}`;
    const journalOf = (bankReference: string, body: Record<string, unknown>) => api.post(`${bankPath}/StatementLineJournals`, { bankReference, ...body });
    const journalCount = async () => (await api.get(`${base}/Journals?pageSize=100`)).body.results.length as number;

    // Refused with nothing written: an unknown line, a category account, an unknown cost center.
    expect((await journalOf('NO-SUCH-LINE', { accountId: chart.rent.id })).body.errors[0]).toMatchObject({ code: 'NotFound', name: 'bankReference' });
    expect((await journalOf('B261105002', { accountId: chart.expenses.id })).body.errors[0]).toMatchObject({ code: 'CategoryAccount', name: 'accountId' });
    expect((await journalOf('B261105002', { accountId: chart.rent.id, costCenterId: '00000000-0000-4000-8000-000000000000' })).body.errors[0]).toMatchObject({ code: 'NotFound', name: 'costCenterId' });
    expect((await journalOf('B261105002', { accountId: chart.rent.id, post: 'yes' })).body.errors[0]).toMatchObject({ name: 'post' });
    expect(await journalCount()).toBe(0);

    // Two requests at once for the interest's line: one journal made, the other refused or answered with it (voided after, it stays listed).
    const both = await Promise.all([journalOf('B261130003', { accountId: chart.sales.id }), journalOf('B261130003', { accountId: chart.sales.id })]);
    expect(both.map((r) => r.status).sort(), both.map((r) => r.text).join('\n')).toSatisfy((s: number[]) => (s[0] === 200 && s[1] === 200) || (s[0] === 200 && s[1] === 409));
    expect(new Set(both.filter((r) => r.status === 200).map((r) => r.body.journal.id)).size).toBe(1);
    expect(await journalCount()).toBe(1);
    const interestDraft = both.find((r) => r.status === 200)!.body.journal;
    expect((await api.post(`${base}/Journals/${interestDraft.id}/Void`, { version: interestDraft.version })).status).toBe(200);

    // The fee as a draft: the bank account credited, rent debited, on the booking date, the line linked to it.
    const draft = await journalOf('B261105002', { accountId: chart.rent.id, costCenterId: chart.hq.id });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.match).toBeNull();
    expect(draft.body.journal).toMatchObject({ status: 'draft', date: '2026-11-05T00:00:00Z', description: 'Account maintenance fee', reference: 'B261105002' });
    expect(draft.body.journal.entries.map((e: { accountId: string; side: number; amount: string; costCenterId: string | null }) => [e.accountId, e.side, e.amount, e.costCenterId])).toEqual([
      [chart.bank.id, 2, 120, null],
      [chart.rent.id, 1, 120, chart.hq.id],
    ]);
    const lineOf = async (reference: string) => (await api.get(`${bankPath}/StatementLines?pageSize=100`)).body.results.find((l: { bankReference: string }) => l.bankReference === reference);
    expect(await lineOf('B261105002')).toMatchObject({ journalId: draft.body.journal.id, matchId: null });

    // Sent again: the same draft, not a second one.
    const again = await journalOf('B261105002', { accountId: chart.rent.id });
    expect(again.body.journal.id).toBe(draft.body.journal.id);
    expect(await journalCount()).toBe(2);

    // With post: the draft it made posted on the booking date and matched with the line.
    const posted = await journalOf('B261105002', { accountId: chart.rent.id, post: true });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.journal).toMatchObject({ id: draft.body.journal.id, status: 'posted', postingDate: '2026-11-05' });
    expect(posted.body.match).toMatchObject({ statementLines: ['B261105002'], ledgerLines: [{ journalId: draft.body.journal.id, line: 0, amount: '-120.00' }], amount: '-120.00', rule: 'statementLineJournal' });
    // Sent once more: answered as it stands, nothing written.
    const repeat = await journalOf('B261105002', { accountId: chart.rent.id, post: true });
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.body.match.id).toBe(posted.body.match.id);
    expect(await journalCount()).toBe(2);

    // Interest straight to a posted, matched journal in one request; a journal posted by hand meanwhile is matched, not posted again.
    const interest = await journalOf('B261130003', { accountId: chart.sales.id, post: true, description: 'Interest, November' });
    expect(interest.status, interest.text).toBe(200);
    expect(interest.body.journal).toMatchObject({ status: 'posted', description: 'Interest, November', entries: [{ side: 1, amount: 7.5 }, { side: 2, amount: 7.5 }] });
    const receipt = await postedJournal(api, base, '2026-11-03', [debit(chart.bank.id, 2500), credit(chart.sales.id, 2500)]);
    const paid = await journalOf('B261103001', { accountId: chart.sales.id, post: true });
    expect(paid.body.journal.id).not.toBe(receipt.id);
    // The customer's payment had a journal already: the one made from the line unmatched and voided, the line matched with the real one.
    expect((await api.delete(`${bankPath}/Matches/${paid.body.match.id}`, { version: 1 })).status).toBe(200);
    expect((await api.post(`${base}/Journals/${paid.body.journal.id}/Void`, { version: paid.body.journal.version })).status).toBe(200);
    const matched = await api.post(`${bankPath}/Matches`, { statementLines: ['B261103001'], ledgerLines: [{ journalId: receipt.id, line: 0 }] });
    expect(matched.status, matched.text).toBe(200);
    // Matched with journals of the books, the line needs none made.
    expect((await journalOf('B261103001', { accountId: chart.sales.id, post: true })).body.errors[0]).toMatchObject({ code: 'AlreadyMatched', name: 'bankReference' });

    const reconciliation = (await api.get(`${bankPath}/Reconciliation?date=2026-11-30`)).body;
    // Only the first statement's opening balance of 0.00 is left unmatched.
    expect(reconciliation).toMatchObject({ statementBalance: '2387.50', ledgerBalance: '2387.50', difference: '0.00', unmatchedStatement: { count: 1, total: '0.00' }, unmatchedLedger: { count: 0 } });
    const events = (await wholeFeed<{ type: string }>(api, base)).map((e) => e.type);
    expect(events.filter((t: string) => t === 'BankLineJournalMade')).toHaveLength(5);
    expect(events.filter((t: string) => t === 'JournalCreated')).toHaveLength(5);
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });

  it('posts only for a caller who may post, and a voided journal made from a line is made again', async () => {
    const { api, base, chart } = await arranged();
    const bankPath = `${base}/BankAccounts/${chart.bank.id}`;
    const clerk = client(gateway.url, `Bearer ${await addApiKey(api, base, ['bank:read', 'bank:reconcile', 'journals:create', 'journals:read'])}`);
    const refused = await clerk.post(`${bankPath}/StatementLineJournals`, { bankReference: 'B261105002', accountId: chart.rent.id, post: true });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].reason).toContain('journals:post');
    const draft = await clerk.post(`${bankPath}/StatementLineJournals`, { bankReference: 'B261105002', accountId: chart.rent.id });
    expect(draft.status, draft.text).toBe(200);

    // The draft discarded: the next request makes another and links the line to it.
    expect((await api.post(`${base}/Journals/${draft.body.journal.id}/Void`, { version: draft.body.journal.version })).status).toBe(200);
    const remade = await api.post(`${bankPath}/StatementLineJournals`, { bankReference: 'B261105002', accountId: chart.rent.id, post: true });
    expect(remade.status, remade.text).toBe(200);
    expect(remade.body.journal.id).not.toBe(draft.body.journal.id);
    expect(remade.body.match.ledgerLines[0].journalId).toBe(remade.body.journal.id);
  });

  it('posts the difference of a match, by hand and within a tolerance of the rules, so the match still agrees exactly', async () => {
    const { api, base, chart } = await arranged();
    const bankPath = `${base}/BankAccounts/${chart.bank.id}`;
    const journalCount = async () => (await api.get(`${base}/Journals?pageSize=100`)).body.results.length as number;
    // The customer paid 2,500.00 of an invoice of 2,503.00: the bank kept 3.00.
    const receipt = await postedJournal(api, base, '2026-11-03', [debit(chart.bank.id, 2503), credit(chart.sales.id, 2503)]);
    const sides = { statementLines: ['B261103001'], ledgerLines: [{ journalId: receipt.id, line: 0 }] };
    expect((await api.post(`${bankPath}/Matches`, sides)).body.errors[0]).toMatchObject({ code: 'MatchUnbalanced', name: 'ledgerLines' });
    expect((await api.post(`${bankPath}/Matches`, { ...sides, difference: { accountId: chart.expenses.id } })).body.errors[0]).toMatchObject({ code: 'CategoryAccount', name: 'difference.accountId' });
    const clerk = client(gateway.url, `Bearer ${await addApiKey(api, base, ['bank:read', 'bank:reconcile', 'journals:read'])}`);
    expect((await clerk.post(`${bankPath}/Matches`, { ...sides, difference: { accountId: chart.rent.id } })).status).toBe(403);
    expect(await journalCount()).toBe(1);

    const matched = await api.post(`${bankPath}/Matches`, { ...sides, difference: { accountId: chart.rent.id, description: 'Bank kept 3.00' } });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.body).toMatchObject({ amount: '2500.00', rule: 'manual', difference: { amount: '-3.00' } });
    const posted = (await api.get(`${base}/Journals/${matched.body.difference.journalId}`)).body;
    expect(posted).toMatchObject({ status: 'posted', postingDate: '2026-11-03', description: 'Bank kept 3.00', entries: [{ accountId: chart.bank.id, side: 2, amount: 3 }, { accountId: chart.rent.id, side: 1, amount: 3 }] });
    expect(matched.body.ledgerLines.map((l: { journalId: string; amount: string }) => [l.journalId, l.amount])).toEqual([[receipt.id, '2503.00'], [posted.id, '-3.00']]);

    // A rule allowing 1.00 either way, its differences to rent (by path); refused without its account, or with a category.
    const account = (await api.get(bankPath)).body;
    const rules = (rule: Record<string, unknown>) => ({ iban: account.iban, bankName: account.bankName, version: account.version, matchingRules: [{ name: 'Fees within 1.00', matchOn: 'amountAndDate', dateWindowDays: 3, amountTolerance: '1.00', ...rule }] });
    expect((await api.put(bankPath, rules({}))).body.errors[0]).toMatchObject({ name: 'matchingRules[0].differenceAccountId' });
    expect((await api.put(bankPath, rules({ differenceAccountId: chart.expenses.id }))).body.errors[0]).toMatchObject({ code: 'CategoryAccount', name: 'matchingRules[0].differenceAccountId' });
    const ruled = await api.put(bankPath, rules({ differenceAccountId: chart.rent.path }));
    expect(ruled.status, ruled.text).toBe(200);
    expect(ruled.body.matchingRules[0]).toMatchObject({ amountTolerance: '1.00', differenceAccountId: chart.rent.id });

    // The fee booked at 119.50, charged at 120.00: proposed with its difference, then matched with it posted.
    await postedJournal(api, base, '2026-11-05', [debit(chart.rent.id, '119.50'), credit(chart.bank.id, '119.50')]);
    const proposed = await api.post(`${bankPath}/AutoMatch`, { dryRun: true });
    expect(proposed.body).toMatchObject({ proposed: 1, matched: 0, matches: [{ id: null, statementLines: ['B261105002'], difference: { journalId: null, amount: '-0.5' } }] });
    expect(await journalCount()).toBe(3);
    expect((await clerk.post(`${bankPath}/AutoMatch`, {})).status).toBe(403);
    const auto = await api.post(`${bankPath}/AutoMatch`, {});
    expect(auto.status, auto.text).toBe(200);
    expect(auto.body).toMatchObject({ proposed: 1, matched: 1, skipped: 0, matches: [{ statementLines: ['B261105002'], rule: 'Fees within 1.00' }] });
    expect(auto.body.matches[0].difference.journalId).toEqual(expect.any(String));
    expect((await api.get(`${base}/Journals/${auto.body.matches[0].difference.journalId}`)).body).toMatchObject({ status: 'posted', postingDate: '2026-11-05', entries: [{ accountId: chart.bank.id, side: 2, amount: 0.5 }, { accountId: chart.rent.id, side: 1, amount: 0.5 }] });

    const reconciliation = (await api.get(`${bankPath}/Reconciliation?date=2026-11-30`)).body;
    // Left: the opening balance of 0.00 and the interest the books do not have.
    expect(reconciliation).toMatchObject({ statementBalance: '2387.50', ledgerBalance: '2380.00', difference: '7.50', unmatchedStatement: { count: 2, total: '7.50' }, unmatchedLedger: { count: 0 } });
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
  });

  it('makes journals from statement lines by text rules: a fee posted and matched, interest left a draft, none made twice', async () => {
    const { api, base, chart } = await arranged();
    const bankPath = `${base}/BankAccounts/${chart.bank.id}`;
    const account = (await api.get(bankPath)).body;
    const withRules = (matchingRules: unknown[]) => api.put(bankPath, { iban: account.iban, bankName: account.bankName, version: account.version, matchingRules });
    expect((await withRules([{ name: 'Fees', matchOn: 'text', accountId: chart.rent.id }])).body.errors[0]).toMatchObject({ name: 'matchingRules[0].contains' });
    expect((await withRules([{ name: 'Fees', matchOn: 'text', contains: 'fee', accountId: chart.rent.id, dateWindowDays: 3 }])).body.errors[0]).toMatchObject({ name: 'matchingRules[0].dateWindowDays' });
    expect((await withRules([{ name: 'Fees', matchOn: 'text', contains: 'fee', accountId: chart.expenses.id }])).body.errors[0]).toMatchObject({ code: 'CategoryAccount', name: 'matchingRules[0].accountId' });
    const ruled = await withRules([
      { name: 'Reference and amount', matchOn: 'reference', dateWindowDays: 10 },
      { name: 'Bank charges', matchOn: 'text', contains: 'fee', accountId: chart.rent.path },
      { name: 'Interest', matchOn: 'text', contains: 'INTEREST', accountId: chart.sales.id, post: false },
    ]);
    expect(ruled.status, ruled.text).toBe(200);

    const proposed = (await api.post(`${bankPath}/AutoMatch`, { dryRun: true })).body;
    expect(proposed.matches.map((m: { statementLines: string[]; rule: string; journal: unknown }) => [m.statementLines[0], m.rule, m.journal])).toEqual([
      ['B261105002', 'Bank charges', { id: null, status: null }],
      ['B261130003', 'Interest', { id: null, status: null }],
    ]);
    const clerk = client(gateway.url, `Bearer ${await addApiKey(api, base, ['bank:read', 'bank:reconcile', 'journals:create', 'journals:read'])}`);
    expect((await clerk.post(`${bankPath}/AutoMatch`, {})).status).toBe(403);
    expect((await api.get(`${base}/Journals`)).body.results).toHaveLength(0);

    const run = await api.post(`${bankPath}/AutoMatch`, {});
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ proposed: 2, matched: 1, journalsMade: 2, skipped: 0, remaining: 0 });
    const [fee, interest] = run.body.matches;
    expect(fee.journal.status).toBe('posted');
    expect(interest.journal).toMatchObject({ status: 'draft' });
    expect((await api.get(`${base}/Journals/${fee.journal.id}`)).body).toMatchObject({ status: 'posted', postingDate: '2026-11-05', description: 'Account maintenance fee', entries: [{ accountId: chart.bank.id, side: 2, amount: 120 }, { accountId: chart.rent.id, side: 1, amount: 120 }] });
    expect((await api.get(`${base}/Journals/${interest.journal.id}`)).body).toMatchObject({ status: 'draft', entries: [{ accountId: chart.bank.id, side: 1, amount: 7.5 }, { accountId: chart.sales.id, side: 2, amount: 7.5 }] });

    // Run again: nothing new; the interest's draft stays the one journal of its line.
    expect((await api.post(`${bankPath}/AutoMatch`, {})).body).toMatchObject({ proposed: 0, matched: 0, journalsMade: 0 });
    expect((await api.get(`${base}/Journals`)).body.results).toHaveLength(2);
    expect((await api.get(`${bankPath}/Reconciliation?date=2026-11-30`)).body).toMatchObject({ statementBalance: '2387.50', ledgerBalance: '-120.00', unmatchedStatement: { count: 3, total: '2507.50' }, unmatchedLedger: { count: 0 } });
  });
});

import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, signedInUser, useGateway } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { imported } from '../../support/imports.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/** Who did what on every journal: created, edited, posted, voided and reversed by, and when. */
const gateway = useGateway();
const accountant = ROLES.find((r) => r.name === 'accountant')!.id;

describe('who did what on a journal', () => {
  it('names the user or API key that created, edited, posted, voided and reversed each journal, in GET and in the list', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, chart } = books;
    const colleague = await signedInUser(gateway.url);
    await addMember(api, base, colleague.user.email, accountant);
    const key = await addApiKey(api, base, ['journals:read', 'journals:post', 'journals:void', 'journals:create', 'imports:manage']);
    const byKey = client(gateway.url, `Bearer ${key}`);
    const owner = { type: 'user', id: books.user.id };
    const member = { type: 'user', id: colleague.user.id };

    const draft = (await api.post(`${base}/Journals`, { date: '2026-03-02', entries: [debit(chart.cash.id, '50'), credit(chart.sales.id, '50')] })).body;
    expect(draft).toMatchObject({ createdBy: owner, editedBy: owner, updatedBy: owner, postedBy: null, postedAt: null, approvals: [], approvedBy: null, submittedBy: null, rejection: null });
    const edited = (await colleague.api.put(`${base}/Journals/${draft.id}`, { date: '2026-03-02', entries: [debit(chart.cash.id, '60'), credit(chart.sales.id, '60')], version: draft.version })).body;
    expect(edited).toMatchObject({ createdBy: owner, editedBy: member, updatedBy: member });
    const posted = await byKey.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-02', version: edited.version });
    expect(posted.status, posted.text).toBe(200);
    const keys = (await api.get(`${base}/ApiKeys`)).body.results as Array<{ id: string }>;
    expect(keys).toHaveLength(1);
    const apiKey = { type: 'apiKey', id: keys[0]!.id };
    expect(posted.body.postedBy).toEqual(apiKey);
    expect(posted.body).toMatchObject({ createdBy: owner, editedBy: member, updatedBy: apiKey });
    expect(Date.parse(posted.body.postedAt)).toBeGreaterThanOrEqual(Date.parse(edited.updatedAt));

    // A reversal is created and posted by who reversed; the original keeps who posted it.
    const reversal = (await colleague.api.post(`${base}/Journals/${draft.id}/Reverse`, { postingDate: '2026-03-05', version: posted.body.version })).body;
    expect(reversal).toMatchObject({ createdBy: member, editedBy: member, postedBy: member });
    const original = (await api.get(`${base}/Journals/${draft.id}`)).body;
    expect(original).toMatchObject({ status: 'reversed', postedBy: apiKey, updatedBy: member, voidedBy: null });

    // A draft voided by the key names it, with when.
    const other = (await byKey.post(`${base}/Journals`, { date: '2026-03-03', entries: [debit(chart.cash.id, '5'), credit(chart.sales.id, '5')] })).body;
    const voided = (await byKey.post(`${base}/Journals/${other.id}/Void`, { version: other.version })).body;
    expect(voided).toMatchObject({ createdBy: apiKey, voidedBy: apiKey, postedBy: null });
    expect(voided.voidedAt).toBe(voided.updatedAt);

    // An import writes its journals in the name of who created it, naming the import.
    const line = (accountPath: string, side: number) => ({ reference: 'IMP-1', date: '2026-03-04', accountPath, side, amount: 7 });
    const job = await imported(byKey, base, books.companyId, { kind: 'journals', format: 'json', mode: 'atomic', post: true, data: [line('1.1101', 1), line('4.4101', 2)] });
    expect(job.status).toBe('succeeded');
    const fromImport = (await api.get(`${base}/Journals?reference=IMP-1`)).body.results[0];
    expect(fromImport).toMatchObject({ importId: job.id, createdBy: apiKey, postedBy: apiKey, status: 'posted' });
    expect(draft.importId).toBeNull();

    // The list filters by creator and by poster (the user's or the key's id), its file alike.
    const ids = async (query: string) => (await api.get(`${base}/Journals?pageSize=50&${query}`)).body.results.map((j: { id: string }) => j.id).sort();
    expect(await ids(`createdBy=${colleague.user.id}`)).toEqual([reversal.id]);
    expect(await ids(`postedBy=${apiKey.id}`)).toEqual([draft.id, fromImport.id].sort());
    expect(await ids(`createdBy=${books.user.id}&postedBy=${apiKey.id}`)).toEqual([draft.id]);
    expect((await api.get(`${base}/Journals?createdBy=nobody`)).body.errors[0].name).toBe('createdBy');

    // The list shows the same.
    const listed = (await api.get(`${base}/Journals?pageSize=10`)).body.results as Array<{ id: string; createdBy: unknown; postedBy: unknown }>;
    expect(listed.find((j) => j.id === reversal.id)).toMatchObject({ createdBy: member, postedBy: member });
    expect(listed.find((j) => j.id === other.id)).toMatchObject({ createdBy: apiKey });
  });
});

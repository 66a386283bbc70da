import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { config } from '../../../shared/config.ts';
import { authorFilling } from '../../../shared/db/stores/author-filling-ports.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { fillJournalAuthors } from '../../../shared/journals/fill-authors.ts';
import { signedInUser, useGateway, type Client } from '../../support/api.ts';
import { verify } from '../../support/audited-books.ts';
import { addMember } from '../../support/company-access.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { asWrittenBeforeAuthors } from '../support/older-journals.ts';

/** Journals written before the service kept who did what, filled from their history (journals/fill-authors.ts). */
const gateway = useGateway();
const accountant = ROLES.find((r) => r.name === 'accountant')!.id;

const journalItem = async (companyId: string, id: string) => (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, id), ConsistentRead: true }))).Item!;
const setCreatedBy = (companyId: string, id: string, createdBy: unknown) =>
  db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.journal(companyId, id), UpdateExpression: 'SET createdBy = :by', ExpressionAttributeValues: { ':by': createdBy } }));
const ok = async <T>(response: Promise<{ status: number; text: string; body: T }>) => {
  const r = await response;
  expect(r.status, r.text).toBe(200);
  return r.body;
};
/** When the journal's change of `type` was made, as its history tells. */
const madeAt = async (api: Client, base: string, id: string, type: string) => (await ok(api.get(`${base}/Journals/${id}/History`))).results.findLast((v: { type: string }) => v.type === type).occurredAt;

describe('who did what, filled from history', () => {
  it('fills journals written before it was kept from their history: shown, approvable by another, verified, tampering found, twice the same', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId, chart } = books;
    const clerk = await signedInUser(gateway.url);
    await addMember(api, base, clerk.user.email, accountant);
    const role = await ok(api.post(`${base}/Roles`, { name: 'Approver', permissions: ['journals:read', 'journals:approve'] }));
    const approver = await signedInUser(gateway.url);
    await addMember(api, base, approver.user.email, role.id);
    const owner = { type: 'user' as const, id: books.user.id };
    const member = { type: 'user', id: clerk.user.id };
    const lines = (amount: string) => [debit(chart.rent.id, amount), credit(chart.cash.id, amount)];

    // Entered by the owner, to be approved later; written by the owner, edited by the clerk, posted, reversed by the clerk; voided.
    const large = await ok(api.post(`${base}/Journals`, { date: '2026-03-02', entries: lines('1500') }));
    const draft = await ok(api.post(`${base}/Journals`, { date: '2026-03-03', entries: lines('20') }));
    const edited = await ok(clerk.api.put(`${base}/Journals/${draft.id}`, { date: '2026-03-03', entries: lines('25'), version: draft.version }));
    const posted = await ok(api.post(`${base}/Journals/${draft.id}/Post`, { postingDate: '2026-03-03', version: edited.version }));
    const reversal = await ok(clerk.api.post(`${base}/Journals/${draft.id}/Reverse`, { postingDate: '2026-03-04', version: posted.version }));
    const other = await ok(clerk.api.post(`${base}/Journals`, { date: '2026-03-05', entries: lines('5') }));
    await ok(api.post(`${base}/Journals/${other.id}/Void`, { version: other.version }));
    const ids = [large.id, draft.id, reversal.id, other.id];
    const asWritten = await Promise.all(ids.map(async (id) => (await ok(api.get(`${base}/Journals/${id}`)))));

    await asWrittenBeforeAuthors(companyId, ids);
    expect(await verify(api, base)).toMatchObject({ verified: true });
    const before = await Promise.all(ids.map(async (id) => (await ok(api.get(`${base}/Journals/${id}`)))));
    for (const j of before) expect(j).toMatchObject({ createdBy: null, editedBy: null, updatedBy: null, postedBy: null, postedAt: null, voidedBy: null, voidedAt: null });

    // A policy holds the large journal; asked since, its approval cannot tell its author.
    await ok(api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Large journals', minAmount: '1000', approvers: 1 }], version: 0 }));
    const submitted = await ok(api.post(`${base}/Journals/${large.id}/Submit`, { version: large.version }));
    const unknown = await approver.api.post(`${base}/Journals/${large.id}/Approve`, { version: submitted.version });
    expect(unknown.status).toBe(409);
    expect(unknown.body.errors[0].code).toBe('AuthorUnknown');

    // A fill based on a version the journal has left writes nothing.
    expect(await authorFilling.fillAuthors(companyId, { id: other.id, version: other.version }, { createdBy: owner })).toBe(false);
    expect((await journalItem(companyId, other.id)).createdBy).toBeUndefined();

    expect(await fillJournalAuthors(authorFilling, companyId)).toEqual({ lacking: 4, filled: 4, changing: 0 });
    const filled = await Promise.all(ids.map(async (id) => (await ok(api.get(`${base}/Journals/${id}`)))));
    const [largeNow, draftNow, reversalNow, otherNow] = filled;
    // Who: what the service had recorded. When: the time its history kept, a moment after the write's own.
    expect(largeNow).toMatchObject({ createdBy: owner, editedBy: owner, updatedBy: owner, submittedBy: owner, postedBy: null });
    expect(draftNow).toMatchObject({ createdBy: owner, editedBy: member, updatedBy: member, postedBy: owner, postedAt: await madeAt(api, base, draft.id, 'JournalPosted'), voidedBy: null });
    expect(reversalNow).toMatchObject({ createdBy: member, editedBy: member, updatedBy: member, postedBy: member, postedAt: await madeAt(api, base, draft.id, 'JournalReversed') });
    expect(otherNow).toMatchObject({ createdBy: member, editedBy: member, updatedBy: owner, postedBy: null, voidedBy: owner, voidedAt: await madeAt(api, base, other.id, 'JournalVoided') });
    for (const i of [1, 2, 3]) expect(pick(filled[i], WHO), ids[i]).toEqual(pick(asWritten[i], WHO));
    for (const i of [1, 2, 3]) expect(Math.abs(Date.parse(filled[i].postedAt ?? filled[i].voidedAt) - Date.parse(asWritten[i].postedAt ?? asWritten[i].voidedAt))).toBeLessThan(1000);
    // Nothing else moved: not the version, nor when it last changed.
    for (const [i, j] of filled.entries()) expect(j, ids[i]).toMatchObject(pick(i === 0 ? submitted : before[i], ['version', 'updatedAt', 'entries', 'status']));
    expect((await journalItem(companyId, large.id)).authorsFromHistory).toEqual(['createdBy', 'editedBy']);
    // The list shows the same, and filters by them.
    const listed = (await ok(api.get(`${base}/Journals?pageSize=50&createdBy=${clerk.user.id}`))).results.map((j: { id: string }) => j.id).sort();
    expect(listed).toEqual([reversal.id, other.id].sort());

    expect(await verify(api, base)).toMatchObject({ verified: true });

    // Twice: nothing left to fill, no item changed.
    const items = await Promise.all(ids.map((id) => journalItem(companyId, id)));
    expect(await fillJournalAuthors(authorFilling, companyId)).toEqual({ lacking: 0, filled: 0, changing: 0 });
    expect(await Promise.all(ids.map((id) => journalItem(companyId, id)))).toEqual(items);

    // A filled field changed in the table: the digest leaves it out, its history does not.
    await setCreatedBy(companyId, draft.id, { type: 'user', id: approver.user.id });
    const tampered = await verify(api, base);
    await setCreatedBy(companyId, reversal.id, owner);
    await setCreatedBy(companyId, draft.id, owner);
    const reversalTampered = await verify(api, base);
    await setCreatedBy(companyId, reversal.id, member);
    expect(tampered).toMatchObject({ verified: false, reason: expect.stringContaining(`journal ${draft.id}'s createdBy, filled from its history, is not what its history tells`) });
    expect(tampered.reason).toContain('changed outside the service');
    expect(reversalTampered).toMatchObject({ verified: false, reason: expect.stringContaining(`journal ${reversal.id}'s createdBy`) });
    expect(await verify(api, base)).toMatchObject({ verified: true });

    // Its author known, the owner may not approve what they entered; the approver may.
    const self = await api.post(`${base}/Journals/${large.id}/Approve`, { version: submitted.version });
    expect(self.status).toBe(409);
    expect(self.body.errors[0].code).toBe('SelfApproval');
    const approved = await ok(approver.api.post(`${base}/Journals/${large.id}/Approve`, { version: submitted.version }));
    expect(approved).toMatchObject({ status: 'approved', createdBy: owner, approvedBy: { type: 'user', id: approver.user.id } });
    // The approval's event covers the fields whole: the marker goes, and the chain still verifies.
    expect((await journalItem(companyId, large.id)).authorsFromHistory).toBeUndefined();
    expect(await verify(api, base)).toMatchObject({ verified: true });
  }, 60_000);
});

const WHO = ['createdBy', 'editedBy', 'updatedBy', 'postedBy', 'voidedBy'];
const pick = (o: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((f) => [f, o[f]]));

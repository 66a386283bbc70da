import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { runImports } from '../../../functions/ops/run-imports.ts';
import { client, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { companyBooks } from '../../support/ledger.ts';
import { journalCount, mayLocks, sale, salesFile, trialMovement } from '../../support/sales-imports.ts';

/**
 * A job runs in the name of whoever created it only while they may still write what it writes
 * (test/db/imports/imports-stop-faults.test.ts: access gone while it writes, and jobs that cannot
 * be written).
 */
const gateway = useGateway();

const role = (name: string) => ROLES.find((r) => r.name === name)!.id;

describe("an import whose creator's access is gone before the worker runs it", () => {
  /** The owner's books and an accountant member. */
  async function withMember() {
    const books = await companyBooks(gateway.url);
    const member = await signedInUser(gateway.url);
    const added = await books.api.post(`${books.base}/Members`, { email: member.user.email, roleId: role('accountant') });
    expect(added.status, added.text).toBe(200);
    return { ...books, member };
  }

  /** The owner's books, an accountant member, and a queued import of one posted journal of 999.00 the member sent. */
  async function queuedByMember() {
    const books = await withMember();
    const member = books.member;
    const sent = await member.api.post(`${books.base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: salesFile(sale('FORMER-1', '999.00')) });
    expect(sent.status, sent.text).toBe(200);
    return { ...books, importId: sent.body.id as string };
  }

  async function expectStoppedUnwritten(api: Client, base: string, companyId: string, importId: string, missing: RegExp) {
    const before = await trialMovement(api, base);
    await runImports({ companyId });
    const job = (await api.get(`${base}/Imports/${importId}`)).body;
    expect(job).toMatchObject({ status: 'failed', counts: { written: 0 }, errorCount: 1 });
    expect(job.errors).toEqual([{ row: 0, field: 'createdBy', reason: expect.stringMatching(missing), code: 'CreatorAccessRevoked' }]);
    expect(await journalCount(api, base)).toBe(0);
    expect(await trialMovement(api, base)).toEqual(before);
    await mayLocks(api, base);
  }

  it('fails the job and writes nothing when the member who sent it was removed', async () => {
    const { api, base, companyId, member, importId } = await queuedByMember();
    expect((await api.delete(`${base}/Members/${member.user.id}`, { version: 1 })).status).toBe(200);
    await expectStoppedUnwritten(api, base, companyId, importId, /no longer has access/);
  });

  it("fails the job and writes nothing when the member's role lost a permission the import needs", async () => {
    const { api, base, companyId, member, importId } = await queuedByMember();
    const reduced = await api.post(`${base}/Roles`, { name: 'clerk', permissions: ['imports:manage', 'journals:create', 'journals:read'] });
    expect(reduced.status, reduced.text).toBe(200);
    expect((await api.put(`${base}/Members/${member.user.id}`, { roleId: reduced.body.id, version: 1 })).status).toBe(200);
    await expectStoppedUnwritten(api, base, companyId, importId, /no longer holds journals:post/);
  });

  it('fails the job and writes nothing when the API key that sent it was revoked', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const key = (await api.post(`${base}/ApiKeys`, { name: 'sync', permissions: ['imports:manage', 'journals:create', 'journals:post'] })).body;
    const sent = await client(gateway.url, `Bearer ${key.key}`).post(`${base}/Imports`, { kind: 'journals', format: 'csv', post: true, data: salesFile(sale('KEY-1', '999.00')) });
    expect(sent.status, sent.text).toBe(200);
    expect((await api.delete(`${base}/ApiKeys/${key.id}`, { version: 1 })).status).toBe(200);
    await expectStoppedUnwritten(api, base, companyId, sent.body.id, /API key .* no longer has access/);
  });

  it('runs the job of a member who still holds what it needs', async () => {
    const { api, base, companyId, importId } = await queuedByMember();
    await runImports({ companyId });
    expect((await api.get(`${base}/Imports/${importId}`)).body).toMatchObject({ status: 'succeeded', counts: { written: 2 } });
    expect(await trialMovement(api, base)).toEqual({ debit: '999.00', credit: '999.00' });
  });
});

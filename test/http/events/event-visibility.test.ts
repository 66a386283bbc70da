import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';

const gateway = useGateway();
const builtIn = (name: string) => ROLES.find((r) => r.name === name)!.id;

interface FeedEvent {
  sequence: number;
  type: string;
  recordId: string;
  data: Record<string, unknown> | null;
  dataOmitted: boolean;
  dataOmittedReason: string | null;
}

async function feed(api: Client, base: string): Promise<{ events: FeedEvent[]; text: string }> {
  const events: FeedEvent[] = [];
  let text = '';
  let page: string | null = null;
  do {
    const r: ApiResponse = await api.get(`${base}/Events?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (r.status !== 200) throw new Error(r.text);
    events.push(...r.body.results);
    text += r.text;
    page = r.body.nextPage;
  } while (page);
  return { events, text };
}

/**
 * A company whose events carry what only some members may read: a member's email, a webhook URL
 * with a token in its query, an API key's name and allowlist, a journal's description and lines.
 */
async function companyWithPrivateRecords() {
  const owner = await companyOwner(gateway.url);
  const chart = await chartOfAccounts(owner.api, owner.base);
  await year2026(owner.api, owner.base);
  const journal = (await owner.api.post(`${owner.base}/Journals`, { date: '2026-02-01T08:00:00Z', description: 'Payroll for the board', entries: [debit(chart.rent.id, '1234.56'), credit(chart.cash.id, '1234.56')] })).body;
  await owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: '2026-02-01', version: 1 });
  const hook = await owner.api.post(`${owner.base}/Webhooks`, { url: 'http://127.0.0.1:9/hook?token=hook-token-4711' });
  const key = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'payroll-export', permissions: ['journals:read'], ipAllowlist: ['203.0.113.7'] });
  const colleague = await signedInUser(gateway.url);
  await owner.api.post(`${owner.base}/Members`, { email: colleague.user.email, roleId: builtIn('accountant') });
  expect([hook.status, key.status]).toEqual([200, 200]);
  const secrets = ['hook-token-4711', 'payroll-export', '203.0.113.7', colleague.user.email, 'Payroll for the board', '1234.56'];
  return { owner, journal, secrets };
}

/** A member of the owner's company holding a new role with exactly `permissions`. */
async function memberWith(owner: Awaited<ReturnType<typeof companyOwner>>, permissions: string[]) {
  const role = await owner.api.post(`${owner.base}/Roles`, { name: `Role ${permissions.join(' ')}`, permissions });
  const member = await signedInUser(gateway.url);
  const added = await owner.api.post(`${owner.base}/Members`, { email: member.user.email, roleId: role.body.id });
  if (added.status !== 200) throw new Error(added.text);
  return member;
}

describe('what the event feed shows its reader', () => {
  it('withholds the data of every event whose record the reader may not read, keeping the envelope and the sequence gap-free', async () => {
    const { owner, secrets } = await companyWithPrivateRecords();
    const reader = await memberWith(owner, ['events:read']);

    const refused = await Promise.all(['Members', 'Webhooks', 'ApiKeys', 'Journals', 'Accounts'].map(async (r) => (await reader.api.get(`${owner.base}/${r}`)).status));
    const everything = await feed(owner.api, owner.base);
    const seen = await feed(reader.api, owner.base);

    expect(refused).toEqual([403, 403, 403, 403, 403]);
    // The same events, numbered without a gap: a consumer resuming with `after` misses none.
    expect(seen.events.map((e) => [e.sequence, e.type, e.recordId])).toEqual(everything.events.map((e) => [e.sequence, e.type, e.recordId]));
    expect(seen.events.map((e) => e.sequence)).toEqual(seen.events.map((_, i) => i + 1));
    for (const e of seen.events) expect(e, e.type).toMatchObject({ data: null, dataOmitted: true, dataOmittedReason: 'permission' });
    for (const secret of secrets) expect(seen.text).not.toContain(secret);
    // The owner may read every record: nothing withheld.
    expect(everything.events.every((e) => e.dataOmittedReason === null)).toBe(true);
    for (const secret of secrets) expect(everything.text).toContain(secret);
  });

  it('shows the built-in viewer the books but not members, API keys or webhooks', async () => {
    const { owner, journal, secrets } = await companyWithPrivateRecords();
    const viewer = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: viewer.user.email, roleId: builtIn('viewer') });

    const everything = await feed(owner.api, owner.base);
    const seen = await feed(viewer.api, owner.base);

    const byType = (type: string) => seen.events.filter((e) => e.type === type);
    for (const type of ['MemberAdded', 'ApiKeyCreated', 'WebhookCreated']) {
      expect(byType(type).length, type).toBeGreaterThan(0);
      for (const e of byType(type)) expect(e, type).toMatchObject({ data: null, dataOmitted: true, dataOmittedReason: 'permission' });
    }
    for (const secret of ['hook-token-4711', 'payroll-export', '203.0.113.7', secrets[3]!]) expect(seen.text).not.toContain(secret);
    // Journals, accounts, years: the viewer reads them over REST, so it reads their events.
    const posted = byType('JournalPosted').find((e) => e.recordId === journal.id)!;
    expect(posted.data).toEqual(everything.events.find((e) => e.sequence === posted.sequence)!.data);
    expect(posted.dataOmittedReason).toBeNull();
    expect(byType('AccountCreated').every((e) => e.data !== null)).toBe(true);
    expect(byType('FinancialYearCreated').every((e) => e.data !== null)).toBe(true);
  });

  it('shows a record\'s events to a reader holding that record\'s read permission, and only those', async () => {
    const { owner, journal } = await companyWithPrivateRecords();
    const reader = await memberWith(owner, ['events:read', 'journals:read']);

    const seen = await feed(reader.api, owner.base);

    const shown = new Set(seen.events.filter((e) => e.data !== null).map((e) => e.type));
    expect(shown).toEqual(new Set(['JournalCreated', 'JournalPosted']));
    // The event carries the posting's answer; the entry number is given after it, by the sequencer, and only reads show it.
    const { entryNumber: _entryNumber, ...read } = (await owner.api.get(`${owner.base}/Journals/${journal.id}`)).body;
    expect(seen.events.find((e) => e.type === 'JournalPosted')!.data).toEqual(read);
  });
});

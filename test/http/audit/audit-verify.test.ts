import { describe, expect, it } from 'vitest';
import { client, useGateway } from '../../support/api.ts';
import { auditedBooks, verify } from '../../support/audited-books.ts';

/** Through the API only; items changed directly in the table: test/db/audit/audit-verify-tampering.test.ts. */
const gateway = useGateway();

describe('audit verification', () => {
  it('verifies untouched books: every event chained, every record as its last event says', async () => {
    const { api, base, events } = await auditedBooks(gateway.url);

    const answer = await verify(api, base);

    expect(answer).toEqual({ verified: true, checked: events.length, fromSequence: 1, toSequence: events.length, headSequence: events.length, headHash: expect.stringMatching(/^[0-9a-f]{64}$/), firstBrokenSequence: null, reason: null, nextPage: null, attachments: { checked: 0, problemsFound: 0, problems: [] } });
    expect(answer.headHash).toBe((events.at(-1) as { hash?: string }).hash);
  });

  it('checks a range, refuses a range it cannot check, and needs audit:read', async () => {
    const { api, base, events } = await auditedBooks(gateway.url);
    const reader = (await api.post(`${base}/ApiKeys`, { name: 'events only', permissions: ['events:read'] })).body.key;

    const range = await verify(api, base, '?fromSequence=3&toSequence=9');
    const pastHead = await verify(api, base, `?fromSequence=2&toSequence=${events.length + 50}`);
    const aboveHead = await api.get(`${base}/Audit/Verify?fromSequence=${events.length + 60}`);
    const reversed = await api.get(`${base}/Audit/Verify?fromSequence=9&toSequence=3`);
    const notANumber = await api.get(`${base}/Audit/Verify?fromSequence=0`);
    const forbidden = await client(gateway.url, `Bearer ${reader}`).get(`${base}/Audit/Verify`);

    expect(range).toMatchObject({ verified: true, checked: 7, fromSequence: 3, toSequence: 9 });
    // The head moved by one: the API key's creation.
    expect(pastHead).toMatchObject({ verified: true, fromSequence: 2, toSequence: events.length + 1, headSequence: events.length + 1, checked: events.length });
    expect(aboveHead.status).toBe(400);
    expect(aboveHead.body.errors[0]).toMatchObject({ name: 'fromSequence', code: 'ValidationError' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].name).toBe('toSequence');
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.errors[0].name).toBe('fromSequence');
    expect(forbidden.status).toBe(403);
  });
});

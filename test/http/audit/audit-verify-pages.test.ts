import { beforeAll, describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { PAGE_EVENTS, pagedBooks, verifyAnswer, verifyAtOnce, verifyByPages, verifyInPagesOfTwenty } from '../../support/verify-pages.ts';

/** Through the API only; items changed in the table, and the run slots: test/db/audit/audit-verify-pages-tampering.test.ts. */
const gateway = useGateway();
verifyInPagesOfTwenty();

describe('audit verification in pages', () => {
  let books: Awaited<ReturnType<typeof pagedBooks>>;
  beforeAll(async () => {
    books = await pagedBooks(gateway.url);
  });

  it('verifies a company larger than a request across several requests, ending with the answer of one run', async () => {
    // Arrange
    const { api, base, events } = books;

    // Act
    const pages = await verifyByPages(api, base);
    const atOnce = await verifyAtOnce(api, base);

    // Assert
    expect(pages.length).toBe(Math.ceil(events.length / PAGE_EVENTS));
    pages.slice(0, -1).forEach((answer, i) => {
      expect(answer).toMatchObject({ verified: true, fromSequence: 1, toSequence: (i + 1) * PAGE_EVENTS, checked: (i + 1) * PAGE_EVENTS, firstBrokenSequence: null, nextPage: expect.any(String) });
    });
    expect(atOnce).toMatchObject({ verified: true, checked: events.length, toSequence: events.length, nextPage: null });
    expect(pages.at(-1)).toEqual(atOnce);
  });

  it('refuses a cursor that is garbage, altered, or given for another range or company, naming page', async () => {
    // Arrange
    const { api, base, events } = books;
    const other = await companyOwner(gateway.url);
    const first = await verifyAnswer(api, `${base}/Audit/Verify?toSequence=${events.length}`);
    const cursor = first.nextPage!;
    const [payload, signature] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const skipped = Buffer.from(JSON.stringify({ ...decoded, k: { ...decoded.k, next: events.length - 5 } })).toString('base64url');

    // Act
    const answers = await Promise.all(
      [
        `${base}/Audit/Verify?page=not-a-cursor`,
        `${base}/Audit/Verify?toSequence=${events.length}&page=${encodeURIComponent(`${skipped}.${signature}`)}`,
        `${base}/Audit/Verify?toSequence=${events.length - 1}&page=${encodeURIComponent(cursor)}`,
        `${other.base}/Audit/Verify?toSequence=${events.length}&page=${encodeURIComponent(cursor)}`,
      ].map((path, i) => (i === 3 ? other.api : api).get(path)),
    );
    const resumed = await api.get(`${base}/Audit/Verify?toSequence=${events.length}&page=${encodeURIComponent(cursor)}`);

    // Assert
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ name: 'page', code: 'InvalidCursor' });
    }
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({ verified: true, fromSequence: 1, toSequence: 2 * PAGE_EVENTS });
  });
});

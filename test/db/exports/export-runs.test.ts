import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseRunSlot, takeRunSlot } from '../../../shared/db/stores/run-slot-store.ts';
import { companyOwner, useGateway } from '../../support/api.ts';

/**
 * A company writes at most two export files at once (EXPORT_RUNS_PER_COMPANY): one more waits
 * for a slot, then is 429 with Retry-After, while its JSON reads and other companies' files are
 * served. The slots themselves (leases, release) are Verify's, tested with it.
 */
const gateway = useGateway();
// A file that finds both slots held waits for one (EXPORT_SLOT_WAIT_MS); here it is refused at once, and once after a short wait.
beforeAll(() => void (process.env.EXPORT_SLOT_WAIT_MS = '0'));
afterAll(() => void delete process.env.EXPORT_SLOT_WAIT_MS);

describe('export slots', () => {
  it('refuses a third file of a company at once with 429 TooManyExports, serves JSON and other companies meanwhile, and the file once a slot frees', async () => {
    // Arrange: two files under way in the company (its two slots held).
    const { api, base, companyId } = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    const held = [await takeRunSlot(companyId, 'export', 2, 60_000), await takeRunSlot(companyId, 'export', 2, 60_000)];
    expect(held.every(Boolean)).toBe(true);

    // Act
    const refused = await api.get(`${base}/Journals?format=csv`);
    const refusedReport = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-01-31&format=xlsx`);
    const json = await api.get(`${base}/Journals`);
    const elsewhere = await other.api.get(`${other.base}/Journals?format=csv`);
    await releaseRunSlot(companyId, 'export', held[0]!);
    const afterOneEnded = await api.get(`${base}/Journals?format=csv`);
    await releaseRunSlot(companyId, 'export', held[1]!);

    // Assert
    expect(refused.status, refused.text).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect(refused.body.errors[0]).toMatchObject({ name: 'generalErrors', code: 'TooManyExports' });
    expect(refusedReport.status).toBe(429);
    expect(json.status).toBe(200);
    expect(elsewhere.status, elsewhere.text).toBe(200);
    expect(afterOneEnded.status, afterOneEnded.text).toBe(200);
    expect(afterOneEnded.headers.get('content-type')).toContain('text/csv');
    // A file that waits gets the slot freed meanwhile.
    process.env.EXPORT_SLOT_WAIT_MS = '5000';
    const again = [await takeRunSlot(companyId, 'export', 2, 60_000), await takeRunSlot(companyId, 'export', 2, 60_000)];
    const waited = api.get(`${base}/Journals?format=csv`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await releaseRunSlot(companyId, 'export', again[0]!);
    expect((await waited).status).toBe(200);
    await releaseRunSlot(companyId, 'export', again[1]!);
    // The served files gave their slots back: both are free again.
    const slots = [await takeRunSlot(companyId, 'export', 2, 60_000), await takeRunSlot(companyId, 'export', 2, 60_000)];
    expect(slots.every(Boolean)).toBe(true);
  });
});

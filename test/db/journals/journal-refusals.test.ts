import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SERIAL_BLOCK_LIFETIME_MS } from '../../../shared/db/capacity/serial-blocks.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { changedItems, companyItems, unchangedButNumbered } from '../support/company-items.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/**
 * A refused create writes nothing: no item of the company's partition changes, the serial
 * counter included. The OpenAPI fuzzing found one that drew its serial number (advancing the
 * counter) while its checks ran, so each case waits until the instance's block of numbers has
 * lapsed: the next draw then writes the counter.
 */
const gateway = useGateway();

/** A company as the OpenAPI fuzzing sets it up: the small chart, the year 2026, a posted journal and a draft. */
async function fuzzedCompany() {
  const owner = await companyOwner(gateway.url);
  const { api, base } = owner;
  const chart = await chartOfAccounts(api, base);
  await year2026(api, base);
  await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, '10.50', chart.hq.id), credit(chart.sales.id, '10.50')]);
  await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: [debit(chart.rent.id, 4), credit(chart.bank.id, 4, chart.branch.id)] });
  return owner;
}

const line = { accountId: '1.1101', costCenterId: 'BR', side: 2, amount: 473 };
const cases = [
  { why: 'a line in the base currency with a rate other than 1', body: { date: '2026-12-31', entries: [{ ...line, currency: 'SAR', exchangeRate: 483 }], reference: 'bi' }, status: 400, error: { name: 'entries[0].exchangeRate', reason: 'must be 1 (or left out) for a line in the base currency SAR', code: 'ValidationError' } },
  { why: 'an account path that names no account', body: { date: '2026-12-31', entries: [{ ...line, accountId: '9.9' }], reference: 'bi' }, status: 404, error: { name: 'entries[0].accountId', code: 'NotFound' } },
  { why: 'a cost center code that names none', body: { date: '2026-12-31', entries: [{ ...line, costCenterId: 'HQ.x' }], reference: 'bi' }, status: 404, error: { name: 'entries[0].costCenterId', code: 'NotFound' } },
  { why: 'a foreign line with no rate known on its date', body: { date: '2026-12-31', entries: [{ ...debit('1.1101', 5, 'BR'), currency: 'EUR' }, credit('4.4101', 5)], reference: 'bi' }, status: 400, error: { name: 'entries[0].exchangeRate' } },
];

describe.concurrent('journals: a refused create writes nothing', () => {
  it.each(cases)('leaves every item of the company as it was for $why', async ({ body, status, error }) => {
    const { api, base, companyId } = await fuzzedCompany();
    await sleep(SERIAL_BLOCK_LIFETIME_MS + 100);
    const before = await companyItems(companyId);

    const refused = await api.post(`${base}/Journals?w%26+%21%242=hW-sm&pageSize=1&pageSize=2`, body);

    expect(refused.status, refused.text).toBe(status);
    expect(refused.body.errors).toEqual([expect.objectContaining(error)]);
    const after = await companyItems(companyId);
    expect(unchangedButNumbered(before, after), JSON.stringify(changedItems(before, after))).toBe(true);
  });
});

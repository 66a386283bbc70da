import { describe, expect, it } from 'vitest';
import { accountNodes, costCenterNodes } from '../../../shared/db/stores/nodes/kind-stores.ts';
import { NODE_REFERENCE_SHARDS } from '../../../shared/db/table/keys.ts';
import { referenceGuardCheckOp } from '../../../shared/db/stores/nodes/node-guards.ts';
import { withNoUsage } from '../../../shared/db/stores/nodes/node-usage.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { VersionConflict } from '../../../shared/errors.ts';
import { referenceChanges } from '../../../shared/db/ledger/reference-changes.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks } from '../../support/ledger.ts';

const gateway = useGateway();
const changed = () => new VersionConflict('changed');

/** Checks every one of a node's reference guards, as the drafts naming it would. */
const everyGuard = (ref: typeof accountNodes | typeof costCenterNodes, companyId: string, nodeId: string, must: 'isLeaf' | 'isActive') =>
  Promise.allSettled(Array.from({ length: NODE_REFERENCE_SHARDS }, (_, shard) => transactWrite([referenceGuardCheckOp(ref, companyId, nodeId, must, changed, undefined, shard)])));
const passed = (results: PromiseSettledResult<void>[]) => results.filter((r) => r.status === 'fulfilled').length;

/**
 * A draft checks one of each named node's reference guards instead of the node item. Every
 * write that changes what the check guards writes all of them, so "an account in use cannot be
 * deleted" and "an inactive cost center takes no new lines" stay exact under races.
 */
describe('node reference guards', () => {
  it('refuses the lines of a create that read the account before its delete committed, on every guard', async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const assets = (await api.get(`${base}/Accounts?keyword=Assets`)).body.results[0];
    const spare = (await api.post(`${base}/Accounts`, { code: '1199', name: { english: 'Spare', arabic: 'Spare' }, type: 'leaf', parentId: assets.id })).body;
    // The create read the account (a leaf, unused) and built its writes.
    const { adds } = referenceChanges(companyId, crypto.randomUUID(), [{ accountId: spare.id, costCenterId: null, side: 1, amount: '1', currency: 'SAR' } as never], []);
    expect((await api.delete(`${base}/Accounts/${spare.id}`, { version: spare.version })).status).toBe(200);
    await expect(transactWrite(adds.flat())).rejects.toBeInstanceOf(VersionConflict);
    expect(passed(await everyGuard(accountNodes, companyId, spare.id, 'isLeaf'))).toBe(0);
  });

  it('refuses lines in a currency the account no longer takes, once its currency changed after they were checked', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const usd = (await api.post(`${base}/Accounts`, { code: '1150', name: { english: 'USD cash', arabic: 'USD cash' }, type: 'leaf', parentId: chart.assets.id, currency: 'USD' })).body;
    const { adds } = referenceChanges(companyId, crypto.randomUUID(), [{ accountId: usd.id, costCenterId: null, side: 1, amount: '1', currency: 'USD' } as never], []);
    const changed = await api.put(`${base}/Accounts/${usd.id}`, { code: usd.code, parentId: usd.parentId, name: usd.name, version: usd.version, currency: 'EUR' });
    expect(changed.status).toBe(200);
    await expect(transactWrite(adds.flat())).rejects.toBeInstanceOf(VersionConflict);
    // The change let go of its hold: lines in the new currency are taken at once.
    const eur = referenceChanges(companyId, crypto.randomUUID(), [{ accountId: usd.id, costCenterId: null, side: 1, amount: '1', currency: 'EUR' } as never], []);
    await expect(transactWrite(eur.adds.flat())).resolves.toBeUndefined();
  });

  it('refuses new lines on a cost center deactivated after they were checked, and takes them again once it is active', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    expect(passed(await everyGuard(costCenterNodes, companyId, chart.branch.id, 'isActive'))).toBe(NODE_REFERENCE_SHARDS);
    const off = await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });
    expect(off.status).toBe(200);
    expect(passed(await everyGuard(costCenterNodes, companyId, chart.branch.id, 'isActive'))).toBe(0);
    expect((await api.post(`${base}/CostCenters/${chart.branch.id}/Activate`, { version: off.body.version })).status).toBe(200);
    expect(passed(await everyGuard(costCenterNodes, companyId, chart.branch.id, 'isActive'))).toBe(NODE_REFERENCE_SHARDS);
  });

  it('refuses new lines while a delete holds the account, and takes them again once it let go', async () => {
    const { companyId, chart } = await companyBooks(gateway.url);
    const bank = (await accountNodes.get(companyId, chart.bank.id))!;
    let whileHeld: PromiseSettledResult<void>[] = [];
    const letGo = new Error('let go on purpose');
    await expect(
      withNoUsage(accountNodes, companyId, bank, async () => {
        whileHeld = await everyGuard(accountNodes, companyId, bank.id, 'isLeaf');
        throw letGo;
      }),
    ).rejects.toBe(letGo);
    expect(passed(whileHeld)).toBe(0);
    expect(passed(await everyGuard(accountNodes, companyId, bank.id, 'isLeaf'))).toBe(NODE_REFERENCE_SHARDS);
  });
});

import { getSettings, notRetainedEarningsOp, retainedEarningsUnchangedOp } from '../db/settings-store.ts';
import type { NodeRecord, NodeStore } from '../db/node-store.ts';
import type { WriteOp } from '../db/transact.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import type { AccountAttributes } from './account-kind.ts';

/**
 * The account that company settings name as retained earnings (the year-end close credits
 * it) stays a leaf equity account for as long as it is named: it cannot be deleted, and no
 * move or root reclassification may carry it out of equity. Each guard also returns the
 * condition that the settings still say what was read, so a concurrent settings change
 * cannot slip between the check and the write.
 */
const settingsChanged = () => new VersionConflict('The company settings changed meanwhile; read the account again and retry.');

export async function guardRetainedEarningsDelete(companyId: string, node: NodeRecord): Promise<WriteOp[]> {
  const settings = await getSettings(companyId);
  if (settings?.retainedEarningsAccountId === node.id) {
    throw new StateConflict('RetainedEarningsAccount', 'The company settings name this account as retained earnings; name another account there first.');
  }
  return [notRetainedEarningsOp(companyId, node.id, settingsChanged)];
}

export async function guardRetainedEarningsUpdate(
  store: NodeStore<AccountAttributes>,
  companyId: string,
  before: NodeRecord<AccountAttributes>,
  after: NodeRecord<AccountAttributes>,
  newParentChain: NodeRecord<AccountAttributes>[],
): Promise<WriteOp[]> {
  const moved = before.parentId !== after.parentId;
  const reclassified = before.attributes.classification !== after.attributes.classification;
  if (!moved && !reclassified) return [];
  const retainedId = (await getSettings(companyId))?.retainedEarningsAccountId ?? null;
  const unchanged = [retainedEarningsUnchangedOp(companyId, retainedId, settingsChanged)];
  if (!retainedId) return unchanged;
  const retained = retainedId === after.id ? after : await store.get(companyId, retainedId);
  const inSubtree = retained && (retained.id === after.id || (await store.chain(companyId, retained)).some((n) => n.id === after.id));
  const newRoot = newParentChain[0] ?? after;
  if (inSubtree && newRoot.attributes.classification !== 'equity') {
    throw new StateConflict(
      'RetainedEarningsAccount',
      'This change would take the retained earnings account named in the company settings out of equity; name another account there first.',
      moved ? 'parentId' : 'classification',
    );
  }
  return unchanged;
}

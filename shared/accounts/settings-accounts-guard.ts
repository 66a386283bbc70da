import type { NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import type { AccountAttributes } from './records.ts';
import type { SettingsAccounts } from './store.ts';
import type { Change } from '../unit-of-work.ts';

/**
 * An account the company settings name (retained earnings, which the year-end close credits;
 * the rounding and unrealized exchange accounts, which the service posts to) cannot be deleted
 * while it is named; the retained earnings account also stays in equity: no move or root
 * reclassification may carry it out. Each guard also returns the
 * condition that the settings still say what was read, so a concurrent settings change
 * cannot slip between the check and the write.
 */
const settingsChanged = () => new VersionConflict('The company settings changed meanwhile; read the account again and retry.');

export async function guardSettingsAccountsDelete(settings: SettingsAccounts, companyId: string, node: NodeRecord): Promise<Change[]> {
  const field = await settings.fieldNaming(companyId, node.id);
  if (field === 'retainedEarningsAccountId') {
    throw new StateConflict('RetainedEarningsAccount', 'The company settings name this account as retained earnings; name another account there first.');
  }
  if (field) throw new StateConflict('SettingsAccount', `The company settings name this account as ${field}; name another account there first.`);
  return [settings.notNamingChange(companyId, node.id, settingsChanged)];
}

export async function guardRetainedEarningsUpdate(
  settings: SettingsAccounts,
  store: NodeReads<AccountAttributes>,
  companyId: string,
  before: NodeRecord<AccountAttributes>,
  after: NodeRecord<AccountAttributes>,
  newParentChain: NodeRecord<AccountAttributes>[],
): Promise<Change[]> {
  const moved = before.parentId !== after.parentId;
  const reclassified = before.attributes.classification !== after.attributes.classification;
  if (!moved && !reclassified) return [];
  const retainedId = await settings.retainedEarnings(companyId);
  const unchanged = [settings.retainedEarningsStillChange(companyId, retainedId, settingsChanged)];
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

import { label, type Label } from './labels.ts';
import type { Cell, Language, TableColumn } from './table.ts';

/**
 * What a file may name beyond the ids its route's JSON shows: an export shows no more than the
 * same principal's JSON. A line's account code and name need accounts:read (the Accounts list)
 * or reports:read (every report names its accounts); a cost center's path needs
 * cost-centers:read. Without them the file shows the ids, as the JSON does.
 */
export interface NamesShown {
  accounts: boolean;
  costCenters: boolean;
}

export function namesShown(permissions: readonly string[]): NamesShown {
  return { accounts: permissions.includes('accounts:read') || permissions.includes('reports:read'), costCenters: permissions.includes('cost-centers:read') };
}

/** How a file names a line's account and cost center: its columns and cells, by what is shown. */
export interface LineNames {
  accountColumns: Array<[Label, number]>;
  costCenterColumn: [Label, number];
  account(accountId: string): Cell[];
  costCenter(costCenterId: string | null | undefined): Cell;
}

export interface NameSources {
  accounts: ReadonlyMap<string, { code: string; name: { english: string; arabic: string } }>;
  costCenterPaths: ReadonlyMap<string, string>;
}

export function lineNames(shown: NamesShown, sources: NameSources, language: Language): LineNames {
  return {
    accountColumns: shown.accounts ? [['code', 12], ['account', 32]] : [['accountId', 38]],
    costCenterColumn: shown.costCenters ? ['costCenter', 14] : ['costCenterId', 38],
    account(accountId) {
      if (!shown.accounts) return [accountId];
      const account = sources.accounts.get(accountId);
      return [account?.code ?? '', account ? (language === 'ar' ? account.name.arabic : account.name.english) : ''];
    },
    costCenter(costCenterId) {
      if (!costCenterId) return '';
      return shown.costCenters ? (sources.costCenterPaths.get(costCenterId) ?? '') : costCenterId;
    },
  };
}

/** The labels of columns holding dates: a line's date and posting date. */
const DATE_LABELS: ReadonlySet<Label> = new Set(['date', 'postingDate']);

/** Labels of the columns a table built from `LineNames` has; those of dates marked as such (a file asked with `hijri` shows their Hijri dates beside). */
export const columnHeaders = (columns: ReadonlyArray<[Label, number]>, language: Language): TableColumn[] =>
  columns.map(([name, width]) => ({ header: label(name, language), width, ...(DATE_LABELS.has(name) ? { date: true } : {}) }));

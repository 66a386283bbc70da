import type { AccountAttributes } from '../accounts/records.ts';
import { checkLineCurrency } from '../accounts/rules.ts';
import type { Emirate, TaxJurisdiction } from '../companies/tax-registration.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import { isUuidReference } from '../tree/rules.ts';
import { ValidationError } from '../errors.ts';
import { lineAmounts, type LineMoney } from './line-amounts.ts';
import type { TaxedEntry } from './line-tax.ts';
import type { EntryLineInput } from './schemas.ts';
import type { Line } from './rules.ts';
import type { Books, LineNodes } from './store.ts';

const uuidsOf = (references: string[]) => [...new Set(references.filter(isUuidReference))];
const byId = async <A extends NodeAttributes>(nodes: Promise<NodeRecord<A>[]>) => new Map((await nodes).map((n) => [n.id, n]));

/**
 * What a journal's lines name, resolved and checked before anything is written: accounts and
 * cost centers (resolveLines), counterparties (checkCounterparties) and tax codes (withTax).
 * Create and Update use them, and so does a journals import (imports/journal-tax.ts), so a line
 * an import takes is a line the API takes.
 */

/**
 * Resolves every line's account and cost center (UUID or path) before anything is written,
 * each distinct reference once. Errors name the line: NotFound (404) for an unknown reference
 * or one of another company, ValidationError for a category account, an inactive cost center,
 * a bad amount, currency or rate (line-amounts.ts), a line not in its account's currency.
 * Also gives the accounts as read (their reference pins: write-journal.ts).
 */
export async function resolveLines(books: Pick<Books, 'accounts' | 'costCenters'>, companyId: string, entries: EntryLineInput[], money: LineMoney): Promise<{ lines: Line[]; accounts: NodeRecord<AccountAttributes>[] }> {
  const amounts = await lineAmounts(entries, money);
  // Each distinct reference is resolved once, whatever the number of lines naming it.
  const once = <T>(cache: Map<string, Promise<T>>, reference: string, resolve: () => Promise<T>) => {
    if (!cache.has(reference)) cache.set(reference, resolve());
    return cache.get(reference)!;
  };
  // UUID references are read in batches first (a wide journal names hundreds); paths, and UUIDs
  // not found, go through resolve, which names the line.
  const [accountsById, costCentersById] = await Promise.all([
    byId(books.accounts.getMany(companyId, uuidsOf(entries.map((e) => e.accountId)))),
    byId(books.costCenters.getMany(companyId, uuidsOf(entries.flatMap((e) => (e.costCenterId ? [e.costCenterId] : []))))),
  ]);
  const accountCache = new Map<string, Promise<NodeRecord<AccountAttributes>>>([...accountsById].map(([id, node]) => [id, Promise.resolve(node)]));
  const costCenterCache = new Map<string, Promise<NodeRecord<CostCenterAttributes>>>([...costCentersById].map(([id, node]) => [id, Promise.resolve(node)]));
  const results = entries.map(({ accountId, costCenterId }, i) => ({
    account: once(accountCache, accountId, () => books.accounts.resolve(companyId, accountId, `entries[${i}].accountId`)),
    costCenter: costCenterId ? once(costCenterCache, costCenterId, () => books.costCenters.resolve(companyId, costCenterId, `entries[${i}].costCenterId`)) : undefined,
  }));
  // Settle all first so an early failure leaves no request running; then report the first line's problem.
  await Promise.allSettled([...accountCache.values(), ...costCenterCache.values()]);
  const lines: Line[] = [];
  const named = new Map<string, NodeRecord<AccountAttributes>>();
  for (const [i, entry] of entries.entries()) {
    const account = await results[i]!.account;
    if (account.attributes.accountType !== 'leaf') {
      throw ValidationError.field(`entries[${i}].accountId`, 'is a category account; only leaf accounts take entries: name one of the accounts under it', 'CategoryAccount');
    }
    checkLineCurrency(account.attributes, amounts[i]!.currency!, `entries[${i}].currency`);
    const costCenter = await results[i]!.costCenter;
    if (costCenter && costCenter.attributes.status !== 'active') {
      throw ValidationError.field(`entries[${i}].costCenterId`, 'is an inactive cost center; activate it (POST .../CostCenters/{id}/Activate) or name another', 'InactiveCostCenter');
    }
    lines.push({ accountId: account.id, costCenterId: costCenter?.id ?? null, side: entry.side, ...amounts[i]!, ...(entry.counterpartyId ? { counterpartyId: entry.counterpartyId } : {}) });
    named.set(account.id, account);
  }
  return { lines, accounts: [...named.values()] };
}

type Resolved = Awaited<ReturnType<typeof resolveLines>>;

/** What taxing a journal's lines reads: the company's tax codes with these codes, and the accounts those codes post to. */
export interface TaxReads {
  taxCodes: Books['taxCodes'];
  accounts: Pick<LineNodes<AccountAttributes>, 'getMany'>;
}

/** The journal's date and choice, and the company's settings its tax follows. */
export interface TaxSettings {
  /** The journal's calendar date. */
  date: string;
  amountsIncludeTax: boolean;
  baseCurrency: string;
  decimalPrecision: number;
  taxJurisdiction: TaxJurisdiction | null;
  defaultEmirate: Emirate | null;
}

/** Whether a journal's lines say anything of tax: only then are codes read and the tax rules loaded. */
export const namesTax = (entries: readonly TaxedEntry[]) => entries.some((e) => e.taxCode !== undefined || e.taxAmount !== undefined || e.emirate !== undefined);

/**
 * The lines with the tax of those naming a tax code (journals/line-tax.ts), and the accounts
 * read with the codes' accounts among them. The tax rules and their decimal arithmetic load
 * with the first taxed journal, not with every journal's handler. Errors: those of taxedLines,
 * naming `entries[i].taxCode`, `.taxAmount`, `.emirate`, `.amount`, or `entries`.
 */
export async function withTax(reads: TaxReads, companyId: string, entries: readonly TaxedEntry[], resolved: Resolved, settings: TaxSettings): Promise<Resolved> {
  if (!namesTax(entries)) return resolved;
  const named = [...new Set(entries.flatMap((e) => (e.taxCode === undefined ? [] : [e.taxCode])))];
  const codes = new Map((await reads.taxCodes(companyId, named)).map((c) => [c.code, c]));
  const accountIds = [...new Set([...codes.values()].flatMap((c) => [c.taxAccountId, c.reverseChargeAccountId].filter((id) => id !== null)))];
  const [{ taxedLines }, taxAccounts] = await Promise.all([import('./line-tax.ts'), reads.accounts.getMany(companyId, accountIds)]);
  const lines = taxedLines(entries, resolved.lines, {
    date: settings.date,
    amountsIncludeTax: settings.amountsIncludeTax,
    baseCurrency: settings.baseCurrency,
    basePrecision: settings.decimalPrecision,
    jurisdiction: settings.taxJurisdiction,
    defaultEmirate: settings.defaultEmirate,
    codes,
    accounts: new Map(taxAccounts.map((a) => [a.id, a])),
  });
  const posted = new Set(lines.map((l) => l.accountId));
  return { lines, accounts: [...new Map([...resolved.accounts, ...taxAccounts].filter((a) => posted.has(a.id)).map((a) => [a.id, a])).values()] };
}

type NamingCounterparty = { counterpartyId?: string | undefined };

/** The company's counterparties the lines name, each distinct id read once; none read for lines naming none. */
export async function namedCounterparties(reads: Pick<Books, 'counterparties'>, companyId: string, entries: readonly NamingCounterparty[]): Promise<ReadonlyMap<string, CounterpartyRecord>> {
  const named = [...new Set(entries.flatMap((e) => (e.counterpartyId === undefined ? [] : [e.counterpartyId])))];
  if (named.length === 0) return new Map();
  return new Map((await reads.counterparties(companyId, named)).map((c) => [c.counterpartyId, c]));
}

/**
 * Each line's counterparty is one of the company's, active. Errors: ValidationError naming the
 * line's `counterpartyId` (UnknownCounterparty, InactiveCounterparty).
 */
export function checkCounterparties(entries: readonly NamingCounterparty[], counterparties: ReadonlyMap<string, CounterpartyRecord>): void {
  for (const [i, { counterpartyId }] of entries.entries()) {
    if (counterpartyId === undefined) continue;
    const counterparty = counterparties.get(counterpartyId);
    const field = `entries[${i}].counterpartyId`;
    if (!counterparty) throw ValidationError.field(field, 'is not a counterparty of the company (GET .../Counterparties lists them)', 'UnknownCounterparty');
    if (!counterparty.active) throw ValidationError.field(field, `is inactive; make it active (PUT .../Counterparties/${counterpartyId} with active true) or name another`, 'InactiveCounterparty');
  }
}

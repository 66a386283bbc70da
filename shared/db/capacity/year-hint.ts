import { config } from '../../config.ts';
import type { YearRecord, YearRegistry } from '../../financial-years/records.ts';
import { WarmCache } from '../../warm-cache.ts';
import { getRegistry, getYear } from '../stores/year-store.ts';

/**
 * Finding a company's years without reading its registry first. A warm function keeps each
 * company's year ranges (the registry) for `config.yearRangesCacheMs` (60 s by default) only as
 * a hint of which year items to read; the items themselves are always read afresh (strongly
 * consistent, unless a draft or posting asks otherwise: yearContaining), and the hint is
 * trusted only where they confirm it. So a stale hint costs a
 * round trip more, never a wrong year: whatever a write checks about a year (open, period open,
 * not guarded) it checks on the item, as before.
 */
const kept = new WarmCache<YearRegistry['years']>(() => config.yearRangesCacheMs);

const idContaining = (years: YearRegistry['years'], date: string) => Object.entries(years).find(([, r]) => r.startDate <= date && date <= r.endDate)?.[0];

/** The registry read now, kept as the next hint. */
async function readRegistry(companyId: string): Promise<YearRegistry> {
  const registry = await getRegistry(companyId);
  kept.keep(companyId, registry.years);
  return registry;
}

/**
 * The year containing the date, or undefined. The hinted year is read first and taken when its
 * own item contains the date: years never overlap (the registry's versioned write), so it is
 * the one. Otherwise (no hint, no hinted year for the date, the year gone or re-dated) the
 * registry is read again, then the year it names.
 *
 * `consistent: false` reads the year item eventually consistent, at half the read units of the
 * company's busiest key (docs/decisions.md, Capacity), for drafts and postings only: whatever
 * they take from it is checked at commit on the year's guards (open, not held, the period's id
 * and status), or is covered by a use pin, which only ever lengthens and which nothing that
 * would change what they read outlives (pin-rules.ts); a stale copy so costs a refusal,
 * never a wrong write.
 */
export async function yearContaining(companyId: string, date: string, { consistent = true } = {}): Promise<YearRecord | undefined> {
  const hinted = idContaining(kept.peek(companyId) ?? {}, date);
  if (hinted) {
    const year = await getYear(companyId, hinted, consistent);
    if (year && year.startDate <= date && date <= year.endDate) return year;
  }
  const yearId = idContaining((await readRegistry(companyId)).years, date);
  return yearId ? getYear(companyId, yearId, consistent) : undefined;
}

/**
 * Every year the registry lists now, in no particular order. The hinted years are read
 * alongside the registry, so with a current hint this is one round trip; years the hint missed
 * are read after it, and hinted years the registry no longer lists are left out.
 */
export async function allYears(companyId: string): Promise<YearRecord[]> {
  const hinted = Object.keys(kept.peek(companyId) ?? {});
  const [registry, ...early] = await Promise.all([readRegistry(companyId), ...hinted.map((id) => getYear(companyId, id))]);
  const found = new Map(early.flatMap((year) => (year ? [[year.id, year] as const] : [])));
  const missed = Object.keys(registry.years).filter((id) => !found.has(id));
  const late = await Promise.all(missed.map((id) => getYear(companyId, id)));
  return [...Object.keys(registry.years).flatMap((id) => found.get(id) ?? []), ...late.flatMap((year) => year ?? [])];
}

import { putGuardsOps } from '../capacity/posting-guards.ts';
import { everyYear } from '../stores/year-store.ts';
import type { Item } from '../table/table-ops.ts';

/** Layout 6: every year has its posting guards, which postings check instead of the year item. The guards as the company's years now are (a year written before guards existed has none). */
export async function postingGuardItems(companyId: string): Promise<Item[]> {
  return (await everyYear(companyId)).flatMap((year) => putGuardsOps(companyId, year).map((op) => op.item.Put!.Item as Item));
}

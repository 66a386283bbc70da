import { ChartIndex } from './chart-index.ts';
import type { TaxAccountsOf } from './saf-t/read-saf-t.ts';
import type { ImportWork } from './store.ts';

/**
 * The company's tax codes of the TaxCodes a SAF-T file names (the same code), each to the path
 * of its tax account, as a SAF-T line names an account: what lets a taxed line whose tax line no
 * CrossReference names find that line (saf-t-rows.ts). One read of the codes the file names.
 */
export function taxAccountsOf(work: Pick<ImportWork, 'taxCodes' | 'nodes'>, companyId: string): TaxAccountsOf {
  return async (codes) => {
    const [records, nodes] = await Promise.all([work.taxCodes(companyId, codes), work.nodes('accounts', companyId)]);
    const index = new ChartIndex(nodes);
    return new Map(
      records.flatMap((record) => {
        const account = record.taxAccountId ? index.get(record.taxAccountId) : undefined;
        return account ? [[record.code, index.path(account)] as const] : [];
      }),
    );
  };
}

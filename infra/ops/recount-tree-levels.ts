import { accountNodes, costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { recountLevels } from '../../shared/db/stores/nodes/node-levels.ts';
import { useRunningStackUnlessAws } from '../local/running-stack.ts';

/**
 * `npm run recount-tree-levels companyId...`: recounts the level counts of the named companies'
 * accounts and cost centers from their parent links, for trees written before the counts were
 * kept (docs/decisions.md, Accounts and cost centers). Against AWS: set AWS credentials,
 * AWS_REGION and TABLE_NAME, and run it while nobody edits those charts; a node changed
 * meanwhile stops it with a message, and running it again finishes the job. Without AWS_REGION
 * it works on the running local stack (LEDGER_DATA_DIR, as for `npm run token`).
 */
await useRunningStackUnlessAws();
const companies = process.argv.slice(2);
if (companies.length === 0) throw new Error('Name the companies whose charts to recount.');
for (const companyId of companies) {
  for (const store of [accountNodes, costCenterNodes]) {
    const { nodes, corrected } = await recountLevels(store, companyId);
    console.log(`${companyId} ${store.kind}: ${nodes} records, ${corrected} recounted`);
  }
}

import { rebuildAllLedgers, rebuildCompanyLedger } from '../../shared/db/migrations/ledger-rebuild.ts';
import { postingFigures } from '../../shared/journals/posting-figures.ts';
import { useRunningStackUnlessAws } from '../local/running-stack.ts';

/**
 * `npm run rebuild-ledger [companyId...]`: rebuilds balance and ledger items from the posted
 * journals, for the companies named or, with none, for every company of the table (then marks
 * the table's layout). Against AWS: set AWS credentials, AWS_REGION and TABLE_NAME (the stack's
 * table) and run it in a maintenance window, with nothing posting (docs/decisions.md, Reports).
 * Without them it works on the running local stack (LEDGER_DATA_DIR, as for `npm run token`).
 */
await useRunningStackUnlessAws();
const report = (companyId: string, r: { journals: number; written: number; deleted: number }) =>
  console.log(`${companyId}: ${r.journals} posted journals, ${r.written} items written, ${r.deleted} stale items deleted`);
const named = process.argv.slice(2);
if (named.length > 0) for (const companyId of named) report(companyId, await rebuildCompanyLedger(companyId, postingFigures));
else console.log(`${await rebuildAllLedgers(postingFigures, report)} companies rebuilt`);

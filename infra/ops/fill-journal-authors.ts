import { companyIds } from '../../shared/db/migrations/company-ids.ts';
import { authorFilling } from '../../shared/db/stores/author-filling-ports.ts';
import { fillJournalAuthors, type FillReport } from '../../shared/journals/fill-authors.ts';
import { useRunningStackUnlessAws } from '../local/running-stack.ts';

/**
 * `npm run fill-journal-authors [companyId...]`: fills who-did-what (createdBy, editedBy,
 * updatedBy, postedBy/postedAt, voidedBy/voidedAt) of journals written before the service kept
 * it, from their history, for the companies named or, with none, every company of the table
 * (docs/decisions.md, Journals, "Who did what"). Idempotent, and safe while the service runs:
 * each write is conditional on the journal's version. Against AWS: set AWS credentials,
 * AWS_REGION and TABLE_NAME (the stack's table). Without them it works on the running local
 * stack (LEDGER_DATA_DIR, as for `npm run token`).
 */
await useRunningStackUnlessAws();
const report = (companyId: string, r: FillReport) =>
  console.log(`${companyId}: ${r.lacking} journals lacked who-did-what, ${r.filled} filled from their history${r.changing > 0 ? `, ${r.changing} changing meanwhile (run it again)` : ''}`);
const named = process.argv.slice(2);
for await (const companyId of named.length > 0 ? named : companyIds()) report(companyId, await fillJournalAuthors(authorFilling, companyId));

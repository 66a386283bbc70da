import type { PendingJobs } from '../../journals/recover-jobs.ts';
import { unfinishedJobs } from './job-store.ts';
import { revaluationFinishing } from './revaluation-ports.ts';
import { recoveryUnits } from '../table/unit-of-work.ts';

/** The work requests left under way, as the jobs' items list it, and what finishing a revaluation needs (for recovery only: recover-jobs.ts). */
export const pendingJobs: PendingJobs = { unfinished: (startedBefore, companyId) => unfinishedJobs(startedBefore, companyId), revaluations: revaluationFinishing, recoveryUnits };

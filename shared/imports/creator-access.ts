import { permissionsOfActor } from '../auth/access-in-company.ts';
import { missingPermissions } from '../auth/permissions.ts';
import type { CompanyAccess } from '../auth/store.ts';
import type { ImportJob, RowError } from './records.ts';
import { permissionsToWrite } from './rules.ts';

/** The code of a job stopped because whoever created it may no longer write what it writes. */
const CREATOR_ACCESS_REVOKED = 'CreatorAccessRevoked';

/**
 * Why the job may no longer write in its creator's name, or undefined while it may: the creator
 * (a member, an API key) must still hold, now, what the request that created the job needed
 * (`imports:manage` and the permissions of what it writes). Read afresh on every call: a member
 * removed or given a smaller role, a key revoked or expired, stops the job at its next step.
 */
export async function creatorAccessLost(access: CompanyAccess, companyId: string, job: Pick<ImportJob, 'createdBy' | 'kind' | 'post' | 'attachesFiles'>): Promise<RowError | undefined> {
  const granted = await permissionsOfActor(access, job.createdBy, companyId);
  const who = job.createdBy.type === 'user' ? `member ${job.createdBy.id}` : `API key ${job.createdBy.id}`;
  if (granted === null) {
    return { row: 0, field: 'createdBy', reason: `whoever created the import (${who}) no longer has access to the company (removed, revoked or expired); nothing more was written in their name`, code: CREATOR_ACCESS_REVOKED };
  }
  const missing = missingPermissions(granted, ['imports:manage', ...permissionsToWrite(job.kind, job.post, job.attachesFiles)]);
  if (missing.length === 0) return undefined;
  return { row: 0, field: 'createdBy', reason: `whoever created the import (${who}) no longer holds ${missing.join(', ')}; nothing more was written in their name`, code: CREATOR_ACCESS_REVOKED };
}

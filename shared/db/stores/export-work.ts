import type { ExportWork } from '../../exports/jobs/store.ts';
import { exportObjectKey } from '../documents/export-files.ts';
import { objectParts } from '../documents/s3-exports.ts';
import { withReadPace } from '../table/read-pace.ts';
import { companyAccess } from './access-ports.ts';
import { claimExportJob, finishExportJob, recordExportFault, releaseExportJob, renewExportJob, unfinishedExportJobs } from './export-job-store.ts';
import { exportConfig } from '../../export-config.ts';

/** The export worker's port (exports/jobs/store.ts, ExportWork): jobs as the table keeps them, files in the exports bucket. */
export const exportWork: ExportWork = {
  unfinishedJobs: unfinishedExportJobs,
  claim: claimExportJob,
  renew: renewExportJob,
  release: releaseExportJob,
  recordFault: recordExportFault,
  finish: finishExportJob,
  fileParts: (companyId, exportId, contentType) => objectParts(exportObjectKey(companyId, exportId), contentType),
  // A job reads from its first item at its pace: no second's worth at once, unlike a request (read-pace.ts).
  paced: (work) => withReadPace(exportConfig.exportJobReadItemsPerSecond, work, { burstSeconds: 0 }),
  access: companyAccess,
};

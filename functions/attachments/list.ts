import { attachmentListing } from '../../shared/db/stores/attachment-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as attachmentsRoutes from '../../shared/routes/attachments.ts';
import { listAttachments } from '../../shared/attachments/attachments.ts';

export const handler = readEndpoint(attachmentsRoutes.list, (r) => listAttachments(attachmentListing, r.params.companyId, r.params.id));

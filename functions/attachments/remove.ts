import { removeAttachment } from '../../shared/attachments/remove.ts';
import { attachmentRemoving } from '../../shared/db/stores/attachment-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as attachmentsRoutes from '../../shared/routes/attachments.ts';

export const handler = writeEndpoint(attachmentsRoutes.remove, (r) => removeAttachment(attachmentRemoving, r.uow, r.params.companyId, r.params.id, r.params.attachmentId, r.body));

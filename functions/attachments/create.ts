import { attachmentDeclaring } from '../../shared/db/stores/attachment-file-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as attachmentsRoutes from '../../shared/routes/attachments.ts';
import { declareAttachment } from '../../shared/attachments/attachments.ts';

export const handler = writeEndpoint(attachmentsRoutes.create, (r) => declareAttachment(attachmentDeclaring, r.uow, r.params.companyId, r.params.id, r.body));

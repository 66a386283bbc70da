import { companyAttachmentDeclaring } from '../../shared/db/stores/attachment-file-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as attachmentsRoutes from '../../shared/routes/attachments.ts';
import { declareCompanyAttachment } from '../../shared/attachments/attachments.ts';

export const handler = writeEndpoint(attachmentsRoutes.createForCompany, (r) => declareCompanyAttachment(companyAttachmentDeclaring, r.uow, r.params.companyId, r.body));

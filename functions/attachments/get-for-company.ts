import { attachmentChecking } from '../../shared/db/stores/attachment-file-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as attachmentsRoutes from '../../shared/routes/attachments.ts';
import { readCompanyAttachment } from '../../shared/attachments/attachments.ts';

// A read that may write: a pending file that has arrived is checked, with its event (infra/table-access.ts).
export const handler = readEndpoint(attachmentsRoutes.getForCompany, (r) => readCompanyAttachment(attachmentChecking, r.uow, r.params.companyId, r.params.attachmentId));

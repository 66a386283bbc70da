import { getSettings } from '../../shared/companies/settings.ts';
import { settingsReads } from '../../shared/db/stores/company-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as settingsRoutes from '../../shared/routes/settings.ts';

export const handler = readEndpoint(settingsRoutes.get, (r) => getSettings(settingsReads, r.params.companyId));

import { getSettings } from '../../shared/companies/settings.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.settings.get, (r) => getSettings(r.params.companyId));

import { getSettings } from '../../shared/companies/settings.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint('settings.get', (r) => getSettings(r.params.companyId!));

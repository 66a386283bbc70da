import { UpdateSettingsBody } from '../companies/schemas.ts';
import { area, company } from './route.ts';

/** The settings rows of the route table (shared/routes.ts). */
export const settingsRoutes = area('settings', {
  get: { methods: ['GET'], path: `${company}/Settings`, handler: 'functions/companies/get-settings.ts', access: 'settings:read', response: 'SettingsResponse', summary: 'Get company settings', tag: 'Companies' },
  update: { methods: ['PUT'], path: `${company}/Settings`, handler: 'functions/companies/update-settings.ts', access: 'settings:update', event: 'SettingsChanged', body: UpdateSettingsBody, mergePatch: true, response: 'SettingsResponse', errors: ['409 Conflict', '409 PrecisionInUse', '409 CurrencyInUse'], summary: 'Change company settings (versioned): a JSON Merge Patch, one field or all of them', tag: 'Companies' },
});

import { UpdateSettingsBody } from '../companies/schemas.ts';
import { route, company } from './route.ts';

/**
 * The settings rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as settingsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const get = /* @__PURE__ */ route('settings.get', () => ({ methods: ['GET'], path: `${company}/Settings`, handler: 'functions/companies/get-settings.ts', access: 'settings:read', response: 'SettingsResponse', summary: 'Get company settings', tag: 'Companies' }));
export const update = /* @__PURE__ */ route('settings.update', () => ({ methods: ['PUT'], path: `${company}/Settings`, handler: 'functions/companies/update-settings.ts', access: 'settings:update', event: 'SettingsChanged', body: UpdateSettingsBody, mergePatch: true, response: 'SettingsResponse', errors: ['409 Conflict', '409 PrecisionInUse', '409 CurrencyInUse', '409 JurisdictionInUse'], summary: 'Change company settings (versioned): a JSON Merge Patch, one field or all of them', tag: 'Companies' }));

/** Every settings row by action, for the route table. */
export const settingsRoutes = { get, update };

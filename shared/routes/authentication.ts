import { CallbackQuery, LoginQuery, RefreshBody } from '../authentication/schemas.ts';
import { route, AUTH } from './route.ts';

/**
 * The authentication rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as authenticationRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const login = /* @__PURE__ */ route('authentication.login', () => ({ methods: ['GET'], path: `${AUTH}/Login`, handler: 'functions/authentication/login.ts', access: 'public', query: LoginQuery, response: 'LoginResponse', errors: ['503 IdentityProviderUnavailable'], summary: 'Start an OAuth sign-in: the provider URL to redirect the browser to', tag: 'Authentication' }));
export const callback = /* @__PURE__ */ route('authentication.callback', () => ({ methods: ['GET'], path: `${AUTH}/Login/Callback`, handler: 'functions/authentication/callback.ts', access: 'public', query: CallbackQuery, response: 'TokenResponse', errors: ['400 InvalidState', '400 InvalidGrant', '503 IdentityProviderUnavailable'], summary: "Complete the sign-in with the redirect's query string (code, state)", tag: 'Authentication' }));
export const refresh = /* @__PURE__ */ route('authentication.refresh', () => ({ methods: ['POST'], path: `${AUTH}/Refresh`, handler: 'functions/authentication/refresh.ts', access: 'public', body: RefreshBody, response: 'TokenResponse', errors: ['401 Unauthorized'], summary: 'Trade a refresh token (single use) for new tokens', tag: 'Authentication' }));

/** Every authentication row by action, for the route table. */
export const authenticationRoutes = { login, callback, refresh };

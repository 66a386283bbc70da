import { refreshTokens } from '../../shared/auth/tokens.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.authentication.refresh, (r) => refreshTokens(r.body.refreshToken));

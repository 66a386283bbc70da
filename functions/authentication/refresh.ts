import { refreshTokens } from '../../shared/auth/tokens.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { authenticationRoutes } from '../../shared/routes/authentication.ts';

export const handler = endpoint(authenticationRoutes.refresh, (r) => refreshTokens(r.body.refreshToken));

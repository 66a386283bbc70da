import { refreshTokens } from '../../shared/auth/tokens.ts';
import { tokenKeeping } from '../../shared/db/stores/sign-in-ports.ts';
import { publicEndpoint } from '../../shared/http/public-endpoint.ts';
import * as authenticationRoutes from '../../shared/routes/authentication.ts';

export const handler = publicEndpoint(authenticationRoutes.refresh, (r) => refreshTokens(tokenKeeping, r.body.refreshToken));

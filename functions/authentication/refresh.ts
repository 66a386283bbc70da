import type { RefreshInput } from '../../shared/authentication/schemas.ts';
import { refreshTokens } from '../../shared/auth/tokens.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<RefreshInput>('authentication.refresh', (r) => refreshTokens(r.body.refreshToken));

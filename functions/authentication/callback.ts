import type { User } from '../../shared/auth/records.ts';
import { issueTokens } from '../../shared/auth/tokens.ts';
import { signInCompleting, tokenKeeping } from '../../shared/db/stores/sign-in-ports.ts';
import { completeLogin } from '../../shared/authentication/login.ts';
import { publicEndpoint } from '../../shared/http/public-endpoint.ts';
import * as authenticationRoutes from '../../shared/routes/authentication.ts';

export const handler = publicEndpoint(authenticationRoutes.callback, (r) => completeLogin(signInCompleting, tokenKeeping, r.query));

/** The tokens a completed sign-in issues, for a user the identity provider has vouched for (the tests' sign-in). */
export const issueSessionTokens = (user: User) => issueTokens(tokenKeeping, user);

import { signInCompleting } from '../../shared/db/stores/sign-in-ports.ts';
import { completeLogin } from '../../shared/authentication/login.ts';
import { publicEndpoint } from '../../shared/http/public-endpoint.ts';
import * as authenticationRoutes from '../../shared/routes/authentication.ts';

export const handler = publicEndpoint(authenticationRoutes.callback, (r) => completeLogin(signInCompleting, r.query));

import { signInStarting } from '../../shared/db/stores/sign-in-ports.ts';
import { startLogin } from '../../shared/authentication/login.ts';
import { publicEndpoint } from '../../shared/http/public-endpoint.ts';
import * as authenticationRoutes from '../../shared/routes/authentication.ts';

export const handler = publicEndpoint(authenticationRoutes.login, (r) => startLogin(signInStarting, r.query.email));

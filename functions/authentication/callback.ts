import { completeLogin } from '../../shared/authentication/login.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { authenticationRoutes } from '../../shared/routes/authentication.ts';

export const handler = endpoint(authenticationRoutes.callback, (r) => completeLogin(r.query));

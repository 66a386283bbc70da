import { startLogin } from '../../shared/authentication/login.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { authenticationRoutes } from '../../shared/routes/authentication.ts';

export const handler = endpoint(authenticationRoutes.login, (r) => startLogin(r.query.email));

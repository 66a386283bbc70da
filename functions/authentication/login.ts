import { startLogin } from '../../shared/authentication/login.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.authentication.login, (r) => startLogin(r.query.email));

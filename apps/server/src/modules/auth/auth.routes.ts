import { authEndpoints, viewLoginRequestsBody } from '@portal/contract/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { OrganisationsService } from '../organisations/organisations.service.ts';
import type { SignInContext } from './account.ts';
import type { InvitationsService } from './invitations.service.ts';
import type { SessionsService } from './sessions.service.ts';
import type { SignInService } from './sign-in.service.ts';

export function authRoutes(
  s: { signIn: SignInService; sessions: SessionsService; invitations: InvitationsService },
  organisations: Pick<OrganisationsService, 'resolveHost'>,
): FastifyPluginAsyncZod {
  const signInContext = async (req: FastifyRequest): Promise<SignInContext> => ({
    ...(await organisations.resolveHost(req.hostname)),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
  // Sign-in calls get a coarse per-IP cap on top of the per-username throttle kept in PostgreSQL.
  const burst = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  const tags = ['auth'];

  const { signIn, sessions, invitations } = s;
  return async (app) => {
    const route = routesOf(app, authEndpoints, { tags });
    route('/login/', async (req) => ok(await signIn.login(req.body.data, await signInContext(req))), burst);
    route('/verify/', async (req) => ok(await signIn.verifyOtp(req.body, await signInContext(req))), burst);
    route('/check_login_request_approval/', async (req) => ok(await signIn.checkApproval(req.body, req.ip)), burst);
    route('/logout/', async (req) => {
      await sessions.logout(req.actor);
      return ok(undefined, 'Signed out');
    });
    route('/view_login_requests/', async (req) => {
      const q = viewLoginRequestsBody.parse(req.body ?? {});
      const { items, total } = await signIn.findLoginRequests(req.actor, q);
      return ok(page('login_requests', items, total, q, { status: q.status }));
    });
    route('/update_login_requests/', async (req) => {
      await signIn.decideLoginRequest(req.actor, req.body);
      return ok(undefined, req.body.status === 'approved' ? 'Login request approved' : 'Login request rejected');
    });
    route(
      '/set_password_step_one/',
      async (req) => ok(await invitations.setPasswordSendOtp(req.body.id), 'Verification code sent'),
      burst,
    );
    route(
      '/set_password_step_two/',
      async (req) => {
        await invitations.setPasswordVerifyOtp(req.body.id, req.body.otp);
        return ok(undefined, 'Code verified');
      },
      burst,
    );
    route(
      '/set_password_step_three/',
      async (req) => {
        await invitations.setPasswordFinish(req.body.id, req.body.password);
        return ok(undefined, 'Password set');
      },
      burst,
    );
  };
}

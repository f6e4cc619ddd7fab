import {
  approvalStatus,
  checkApprovalBody,
  loginBody,
  loginRequest,
  loginResult,
  otpDelivery,
  setPasswordStepOneBody,
  setPasswordStepThreeBody,
  setPasswordStepTwoBody,
  updateLoginRequestBody,
  verifyBody,
  viewLoginRequestsBody,
} from '@portal/contract/auth';
import { emptyEnvelope, envelopeOf, pageOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
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
  const empty = { 200: emptyEnvelope };

  const { signIn, sessions, invitations } = s;
  return async (app) => {
    app.post(
      '/login/',
      {
        schema: { body: loginBody, tags, response: { 200: envelopeOf(loginResult) } },
        config: { rule: RULES.public, ...burst },
      },
      async (req) => ok(await signIn.login(req.body.data, await signInContext(req))),
    );
    app.post(
      '/verify/',
      {
        schema: { body: verifyBody, tags, response: { 200: envelopeOf(loginResult) } },
        config: { rule: RULES.public, ...burst },
      },
      async (req) => ok(await signIn.verifyOtp(req.body, await signInContext(req))),
    );
    app.post(
      '/check_login_request_approval/',
      {
        schema: { body: checkApprovalBody, tags, response: { 200: envelopeOf(approvalStatus) } },
        config: { rule: RULES.public, ...burst },
      },
      async (req) => ok(await signIn.checkApproval(req.body, req.ip)),
    );
    app.post('/logout/', { schema: { tags, response: empty }, config: { rule: RULES.all } }, async (req) => {
      await sessions.logout(req.actor);
      return ok(undefined, 'Signed out');
    });
    app.post(
      '/view_login_requests/',
      {
        schema: {
          body: viewLoginRequestsBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('login_requests', loginRequest)) },
        },
        config: { rule: RULES.all },
      },
      async (req) => {
        const q = viewLoginRequestsBody.parse(req.body ?? {});
        const { items, total } = await signIn.findLoginRequests(req.actor, q);
        return ok(page('login_requests', items, total, q, { status: q.status }));
      },
    );
    app.post(
      '/update_login_requests/',
      { schema: { body: updateLoginRequestBody, tags, response: empty }, config: { rule: RULES.all } },
      async (req) => {
        await signIn.decideLoginRequest(req.actor, req.body);
        return ok(undefined, req.body.status === 'approved' ? 'Login request approved' : 'Login request rejected');
      },
    );
    app.post(
      '/set_password_step_one/',
      {
        schema: { body: setPasswordStepOneBody, tags, response: { 200: envelopeOf(otpDelivery) } },
        config: { rule: RULES.public, ...burst },
      },
      async (req) => ok(await invitations.setPasswordSendOtp(req.body.id), 'Verification code sent'),
    );
    app.post(
      '/set_password_step_two/',
      { schema: { body: setPasswordStepTwoBody, tags, response: empty }, config: { rule: RULES.public, ...burst } },
      async (req) => {
        await invitations.setPasswordVerifyOtp(req.body.id, req.body.otp);
        return ok(undefined, 'Code verified');
      },
    );
    app.post(
      '/set_password_step_three/',
      { schema: { body: setPasswordStepThreeBody, tags, response: empty }, config: { rule: RULES.public, ...burst } },
      async (req) => {
        await invitations.setPasswordFinish(req.body.id, req.body.password);
        return ok(undefined, 'Password set');
      },
    );
  };
}

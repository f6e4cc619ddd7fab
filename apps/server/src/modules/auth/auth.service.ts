import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { type LoginResult, loginPayload } from '@portal/contract/auth';
import { flagsFrom, type InternalRole, type Role } from '@portal/contract/roles';
import type { FastifyRequest } from 'fastify';
import { compactDecrypt, importPKCS8 } from 'jose';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, referenceCode, safeEqual, sha256, sixDigitCode } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { AccountRow, AuthRepository } from './auth.repository.ts';

const PAYLOAD_MAX_AGE_S = 300;
const CLOCK_SKEW_S = 60;
const OTP_TTL_MS = 10 * 60_000;
const APPROVAL_TTL_MS = 30 * 60_000;
const OTP_MAX_ATTEMPTS = 5;
const INVITATION_OTP_WINDOW_MS = 30 * 60_000;

export interface SignInContext {
  organisationId: number;
  resellerId: number | null;
  ip: string;
  userAgent: string;
}

const WRONG_LOGIN = 'Wrong Username or Password';
const WRONG_OTP = 'Wrong Email or Password';
const ASK_ADMIN = 'Please contact Admin for manual approval';

export async function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

// Verifying against this when the username is unknown keeps the answer time the same either way.
const DUMMY_HASH = await argonHash('not-a-real-password-0');

export function createAuthService(deps: {
  db: Db;
  repo: AuthRepository;
  throttle: Throttle;
  outbox: OutboxService;
  clock: Clock;
  loginKeyPem: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
}) {
  const { db, repo, throttle, outbox, clock } = deps;
  const loginKey: Promise<import('node:crypto').webcrypto.CryptoKey> = importPKCS8(deps.loginKeyPem, 'RSA-OAEP-256');

  const fingerprintOf = (userId: number, fingerprint: string) => sha256(`${userId}:${fingerprint}`);
  const isPlatformMain = (a: AccountRow) => a.customerRole === 0 && a.internalRole === 0;

  async function decryptPayload(data: string) {
    let plaintext: Uint8Array;
    try {
      ({ plaintext } = await compactDecrypt(data, await loginKey, {
        keyManagementAlgorithms: ['RSA-OAEP-256'],
        contentEncryptionAlgorithms: ['A256GCM'],
      }));
    } catch {
      throw new AppError('bad_request', 'data: the sign-in data cannot be read; reload the page and try again');
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(plaintext));
    } catch {
      throw new AppError('bad_request', 'data: the sign-in data is not JSON');
    }
    return loginPayload.parse(json);
  }

  async function startSession(userId: number, customerId: number, ip: string) {
    const now = clock.now();
    const token = randomToken(32);
    const sessionId = await repo.createSession({
      userId,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + deps.sessionMaxMs),
      ip,
    });
    return { access_token: token, session_id: sessionId, customer_id: customerId };
  }

  async function sendOtp(a: AccountRow, fingerprintHash: string, ctx: SignInContext): Promise<LoginResult> {
    const recipient = a.mobile ?? a.email;
    if (!recipient) throw new AppError('forbidden', ASK_ADMIN);
    const channel = a.mobile ? 'sms' : 'email';
    const otp = sixDigitCode();
    const reference = referenceCode();
    const now = clock.now();
    const messageId = await db.transaction(async (tx) => {
      await repo.createChallenge(
        {
          userId: a.userId,
          kind: 'otp',
          reference,
          otpHash: sha256(`${reference}:${otp}`),
          fingerprintHash,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        },
        tx,
      );
      return outbox.queue(
        {
          channel,
          recipient,
          subject: 'Your sign-in code',
          body: `Your sign-in code is ${otp}. It expires in 10 minutes.`,
        },
        tx,
      );
    });
    await outbox.dispatch(messageId);
    return { status: 'otp_required', reference, channel };
  }

  async function login(data: string, ctx: SignInContext): Promise<LoginResult> {
    const payload = await decryptPayload(data);
    const now = clock.now();
    const age = now.getTime() / 1000 - payload.iat;
    if (age > PAYLOAD_MAX_AGE_S || age < -CLOCK_SKEW_S) {
      throw new AppError('bad_request', 'data: the sign-in request has expired; please try again');
    }
    if (!(await repo.rememberNonce(payload.nonce, new Date(now.getTime() + 2 * PAYLOAD_MAX_AGE_S * 1000), now))) {
      throw new AppError('bad_request', 'data: this sign-in request was already used');
    }
    await throttle.takeAttempt('login', ctx.ip, payload.username);
    const account = await repo.findAccountByUsername(ctx.organisationId, ctx.resellerId, payload.username);
    const passwordOk = await argonVerify(account?.passwordHash ?? DUMMY_HASH, payload.password).catch(() => false);
    if (!account?.passwordHash || !passwordOk) throw new AppError('unauthenticated', WRONG_LOGIN);
    await throttle.giveBack('login', ctx.ip, payload.username);
    assertActive(account);

    const fingerprintHash = fingerprintOf(account.userId, payload.fingerprint);
    const knownDevice = await repo.isKnownDevice(account.userId, fingerprintHash);
    if (account.requireDeviceApproval && !knownDevice) {
      // Nobody stands above the platform's main account, so its new devices prove themselves by OTP.
      if (isPlatformMain(account)) return sendOtp(account, fingerprintHash, ctx);
      const reference = referenceCode();
      const id = await repo.createChallenge({
        userId: account.userId,
        kind: 'approval',
        reference,
        otpHash: null,
        fingerprintHash,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        now,
        expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
      });
      return { status: 'approval_required', reference_id: id, reference };
    }
    if (account.enableOtp) return sendOtp(account, fingerprintHash, ctx);
    await repo.rememberDevice(account.userId, fingerprintHash, now);
    return {
      status: 'signed_in',
      reference: referenceCode(),
      ...(await startSession(account.userId, account.customerId, ctx.ip)),
    };
  }

  async function verifyOtp(
    body: { username: string; otp: string; reference: string },
    ctx: SignInContext,
  ): Promise<LoginResult> {
    await throttle.takeAttempt('otp', ctx.ip, body.username);
    const account = await repo.findAccountByUsername(ctx.organisationId, ctx.resellerId, body.username);
    const challenge = account ? await repo.findOtpChallenge(account.userId, body.reference) : undefined;
    const now = clock.now();
    // The challenge's attempt is taken before the code is compared: simultaneous guesses get at most
    // OTP_MAX_ATTEMPTS comparisons between them.
    const usable =
      challenge?.status === 'pending' &&
      challenge.expiresAt > now &&
      (await repo.takeOtpAttempt(challenge.id, OTP_MAX_ATTEMPTS));
    if (
      !account ||
      !challenge ||
      !usable ||
      !safeEqual(challenge.otpHash ?? '', sha256(`${body.reference}:${body.otp}`))
    ) {
      if (challenge && usable) await repo.expireExhaustedOtp(challenge.id, OTP_MAX_ATTEMPTS);
      throw new AppError('unauthenticated', WRONG_OTP);
    }
    assertActive(account);
    if (!(await repo.transitionChallenge(challenge.id, 'pending', 'consumed'))) {
      throw new AppError('unauthenticated', WRONG_OTP);
    }
    await throttle.giveBack('otp', ctx.ip, body.username);
    await repo.rememberDevice(account.userId, challenge.fingerprintHash, now);
    return {
      status: 'signed_in',
      reference: body.reference,
      ...(await startSession(account.userId, account.customerId, ctx.ip)),
    };
  }

  /** The waiting client's poll; it signs in exactly once after approval. */
  async function checkApproval(body: { reference_id: string; reference: string }, ip: string) {
    const challenge = /^[0-9a-f-]{36}$/i.test(body.reference_id)
      ? await repo.findChallenge(body.reference_id)
      : undefined;
    if (challenge?.kind !== 'approval' || !safeEqual(challenge.reference, body.reference)) {
      throw new AppError('not_found', ASK_ADMIN);
    }
    const now = clock.now();
    if (challenge.status === 'pending') {
      return challenge.expiresAt > now ? { status: 'pending' as const } : { status: 'expired' as const };
    }
    if (challenge.status !== 'approved')
      return { status: challenge.status === 'rejected' ? ('rejected' as const) : ('expired' as const) };
    const account = await repo.findAccountById(challenge.userId);
    if (!account || !(await repo.transitionChallenge(challenge.id, 'approved', 'consumed'))) {
      return { status: 'expired' as const };
    }
    assertActive(account);
    return {
      status: 'approved' as const,
      reference: challenge.reference,
      ...(await startSession(account.userId, account.customerId, ip)),
    };
  }

  async function findLoginRequests(actor: Actor, q: { page: number; limit: number; status: string }) {
    if (!isDecider(actor)) return { items: [], total: 0 };
    return repo.findLoginRequests(
      { customerId: actor.customerId },
      { status: q.status, now: clock.now(), limit: q.limit, offset: (q.page - 1) * q.limit },
    );
  }

  async function decideLoginRequest(actor: Actor, body: { reference_id: string; status: 'approved' | 'rejected' }) {
    if (!isDecider(actor) || !/^[0-9a-f-]{36}$/i.test(body.reference_id))
      throw new AppError('not_found', 'Login request not found');
    if (!(await repo.canDecide({ customerId: actor.customerId }, body.reference_id))) {
      throw new AppError('not_found', 'Login request not found');
    }
    const challenge = await repo.findChallenge(body.reference_id);
    const now = clock.now();
    if (!challenge || challenge.expiresAt <= now) throw new AppError('conflict', 'This login request has expired');
    await db.transaction(async (tx) => {
      const moved = await repo.transitionChallenge(challenge.id, 'pending', body.status, tx, {
        by: actor.userId,
        at: now,
      });
      if (!moved) throw new AppError('conflict', 'This login request was already decided');
      if (body.status === 'approved') await repo.rememberDevice(challenge.userId, challenge.fingerprintHash, now, tx);
    });
  }

  /** The actor behind a request's bearer token, session and customer headers. */
  async function resolveActor(req: FastifyRequest): Promise<Actor> {
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    const sessionId = String(req.headers['x-session-id'] ?? '');
    const customerId = String(req.headers['x-customer-id'] ?? '');
    if (!token) throw sessionEnded();
    const found = await repo.findSession(sha256(token));
    const now = clock.now();
    const session = found?.session;
    if (
      !found ||
      !session ||
      session.endedAt ||
      session.id !== sessionId ||
      session.expiresAt <= now ||
      now.getTime() - session.lastActiveAt.getTime() > deps.sessionIdleMs
    ) {
      throw sessionEnded();
    }
    const account = found.account;
    if (String(account.customerId) !== customerId) throw sessionEnded();
    assertActive(account);
    // Writing on every call would make each read a write; a minute's precision is enough for 3 hours.
    if (now.getTime() - session.lastActiveAt.getTime() > 60_000) await repo.touchSession(session.id, now);
    const customerFlags = new Set(account.customerFeatures);
    return {
      userId: account.userId,
      customerId: account.customerId,
      sessionId: session.id,
      organisationId: account.organisationId,
      username: account.username,
      account_role: account.accountRole as Role,
      internal_role: account.internalRole as InternalRole,
      enable_web_view: account.enableWebView ? 1 : 0,
      // A user never holds a flag its customer lacks.
      flags: flagsFrom(account.userFeatures.filter((f) => customerFlags.has(f))),
      customerRole: account.customerRole as 0 | 1 | 2,
      parentCustomerId: account.parentId,
    };
  }

  async function logout(actor: Actor) {
    await repo.endSession(actor.sessionId, clock.now());
  }

  async function createInvitation(userId: number, validForMs = 7 * 24 * 3_600_000) {
    const token = randomToken(32);
    await repo.createInvitation({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(clock.now().getTime() + validForMs),
    });
    return token;
  }

  async function openInvitation(id: string) {
    const invitation = await repo.findInvitation(sha256(id));
    if (!invitation || invitation.usedAt || invitation.expiresAt <= clock.now()) {
      throw new AppError('not_found', 'This link is invalid or has expired');
    }
    return invitation;
  }

  async function setPasswordSendOtp(id: string) {
    const invitation = await openInvitation(id);
    const account = await repo.findAccountById(invitation.userId);
    const recipient = account?.mobile ?? account?.email;
    if (!account || !recipient) throw new AppError('forbidden', ASK_ADMIN);
    const channel = account.mobile ? ('sms' as const) : ('email' as const);
    const otp = sixDigitCode();
    const messageId = await db.transaction(async (tx) => {
      await repo.setInvitationOtp(invitation.tokenHash, sha256(`${invitation.tokenHash}:${otp}`), tx);
      return outbox.queue(
        { channel, recipient, subject: 'Your verification code', body: `Your verification code is ${otp}.` },
        tx,
      );
    });
    await outbox.dispatch(messageId);
    return { channel, recipient: maskRecipient(recipient) };
  }

  async function setPasswordVerifyOtp(id: string, otp: string) {
    const invitation = await openInvitation(id);
    if (
      !invitation.otpHash ||
      invitation.otpAttempts >= OTP_MAX_ATTEMPTS ||
      !safeEqual(invitation.otpHash, sha256(`${invitation.tokenHash}:${otp}`))
    ) {
      await repo.countInvitationOtpFailure(invitation.tokenHash);
      throw new AppError('validation_failed', 'otp: the code is wrong or has expired', {
        errors: [{ field: 'otp', rule: 'invalid', message: 'otp: the code is wrong or has expired' }],
      });
    }
    await repo.markInvitationOtpVerified(invitation.tokenHash, clock.now());
  }

  async function setPasswordFinish(id: string, password: string) {
    const invitation = await openInvitation(id);
    const now = clock.now();
    if (!invitation.otpVerifiedAt || now.getTime() - invitation.otpVerifiedAt.getTime() > INVITATION_OTP_WINDOW_MS) {
      throw new AppError('conflict', 'Please verify the code first');
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const userId = await repo.useInvitation(invitation.tokenHash, now, tx);
      if (!userId) throw new AppError('not_found', 'This link is invalid or has expired');
      await repo.setPassword(userId, passwordHash, tx);
      await repo.endUserSessions(userId, now, tx);
    });
  }

  return {
    login,
    verifyOtp,
    checkApproval,
    findLoginRequests,
    decideLoginRequest,
    resolveActor,
    logout,
    createInvitation,
    setPasswordSendOtp,
    setPasswordVerifyOtp,
    setPasswordFinish,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function assertActive(a: AccountRow) {
  if (!a.userActive || !a.customerActive || a.parentActive === false) {
    throw new AppError('account_inactive', 'This account has been deactivated', { account_status: 0 });
  }
}

function isDecider(actor: Actor) {
  return actor.internal_role === 0 && actor.account_role !== 3;
}

function sessionEnded() {
  return new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
}

function maskRecipient(r: string) {
  if (r.includes('@')) {
    const [name, domain] = r.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return `${'*'.repeat(Math.max(0, r.length - 3))}${r.slice(-3)}`;
}

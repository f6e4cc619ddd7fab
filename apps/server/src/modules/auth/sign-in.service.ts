import { verify as argonVerify } from '@node-rs/argon2';
import { type LoginResult, loginPayload } from '@portal/contract/auth';
import { compactDecrypt, importPKCS8 } from 'jose';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { referenceCode, safeEqual, sha256, sixDigitCode } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { KeyRing } from '../../platform/keys.ts';
import type { Throttle } from '../../platform/throttle.ts';
import { languageOf, messageText } from '../outbox/message-texts.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { ASK_ADMIN, assertActive, DUMMY_HASH, OTP_MAX_ATTEMPTS, type SignInContext } from './account.ts';
import { loginRequestOf } from './auth.mapper.ts';
import type { AccountRow, AuthRepository } from './auth.repository.ts';
import type { SessionsService } from './sessions.service.ts';

const PAYLOAD_MAX_AGE_S = 300;
const CLOCK_SKEW_S = 60;
const OTP_TTL_MS = 10 * 60_000;
const APPROVAL_TTL_MS = 30 * 60_000;
const WRONG_LOGIN = 'Wrong Username or Password';
const WRONG_OTP = 'Wrong Email or Password';

/** Signing in: the encrypted password payload, the OTP step, and the device approval a superior decides. */
export function createSignInService(deps: {
  db: Db;
  repo: AuthRepository;
  throttle: Throttle;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  clock: Clock;
  sessions: Pick<SessionsService, 'startSession'>;
  loginKeys: KeyRing<string>;
}) {
  const { db, repo, throttle, outbox, clock } = deps;
  const { startSession } = deps.sessions;
  // Every key of the ring, by id: the payload's `kid` picks one, so a browser holding the public key handed out before
  // a rotation still signs in (decision 0148). No `kid` (a page loaded before key ids existed) is key 0.
  const loginKeys = new Map<string, Promise<import('node:crypto').webcrypto.CryptoKey>>(
    [...deps.loginKeys.keys].map(([id, pem]) => [String(id), importPKCS8(pem, 'RSA-OAEP-256')]),
  );

  const fingerprintOf = (userId: number, fingerprint: string) => sha256(`${userId}:${fingerprint}`);
  const isPlatformMain = (a: AccountRow) => a.customerRole === 0 && a.internalRole === 0;

  async function loginKeyOf(kid: string | undefined) {
    const key = loginKeys.get(kid ?? '0');
    if (!key) throw new Error("the sign-in key named is not in this copy's ring");
    return key;
  }

  async function decryptPayload(data: string) {
    let plaintext: Uint8Array;
    try {
      ({ plaintext } = await compactDecrypt(data, (header) => loginKeyOf(header.kid), {
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
          ...messageText(languageOf(a.language), 'sign_in_code', { code: otp }),
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
      throw new AppError(
        'sign_in_clock_skew',
        "data: the sign-in request is dated more than 5 minutes off the server's clock; check this computer's date and time",
        { params: { server_time: now.toISOString() } },
      );
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
    const valid =
      /^[0-9a-f-]{36}$/i.test(body.reference_id) &&
      (await repo.matchApprovalReference(body.reference_id, body.reference, OTP_MAX_ATTEMPTS));
    const challenge = valid ? await repo.findChallenge(body.reference_id) : undefined;
    if (!challenge) throw new AppError('not_found', ASK_ADMIN);
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
    const { items, total } = await repo.findLoginRequests(
      { customerId: actor.customerId },
      { status: q.status, now: clock.now(), limit: q.limit, offset: (q.page - 1) * q.limit },
    );
    return { items: items.map(loginRequestOf), total };
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

  return { login, verifyOtp, checkApproval, findLoginRequests, decideLoginRequest };
}
export type SignInService = ReturnType<typeof createSignInService>;

function isDecider(actor: Actor) {
  return actor.internal_role === 0 && actor.account_role !== 3;
}

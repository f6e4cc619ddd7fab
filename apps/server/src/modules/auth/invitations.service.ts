import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, safeEqual, sha256, sixDigitCode } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf, messageText } from '../outbox/message-texts.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { ASK_ADMIN, hashPassword, OTP_MAX_ATTEMPTS } from './account.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { InvitationsRepository } from './invitations.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const INVITATION_OTP_WINDOW_MS = 30 * 60_000;

/** Invitations: a link that lets a new user prove their phone or e-mail by a code and set a password. */
export function createInvitationsService(deps: {
  db: Db;
  repo: Pick<AuthRepository, 'findAccountById' | 'setPassword'>;
  sessionsRepo: Pick<SessionsRepository, 'endUserSessions'>;
  invitationsRepo: InvitationsRepository;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  clock: Clock;
}) {
  const { db, repo, sessionsRepo, invitationsRepo, outbox, clock } = deps;

  async function createInvitation(userId: number, validForMs = 7 * 24 * 3_600_000) {
    const token = randomToken(32);
    await invitationsRepo.createInvitation({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(clock.now().getTime() + validForMs),
    });
    return token;
  }

  async function openInvitation(id: string) {
    const invitation = await invitationsRepo.findInvitation(sha256(id));
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
      await invitationsRepo.setInvitationOtp(invitation.tokenHash, sha256(`${invitation.tokenHash}:${otp}`), tx);
      return outbox.queue(
        { channel, recipient, ...messageText(languageOf(account.language), 'verification_code', { code: otp }) },
        tx,
      );
    });
    await outbox.dispatch(messageId);
    return { channel, recipient: maskRecipient(recipient) };
  }

  async function setPasswordVerifyOtp(id: string, otp: string) {
    const invitation = await openInvitation(id);
    const otpHash = await invitationsRepo.takeInvitationOtpAttempt(invitation.tokenHash, OTP_MAX_ATTEMPTS);
    if (!otpHash || !safeEqual(otpHash, sha256(`${invitation.tokenHash}:${otp}`))) {
      throw new AppError('validation_failed', 'otp: the code is wrong or has expired', {
        errors: [{ field: 'otp', rule: 'invalid', message: 'otp: the code is wrong or has expired' }],
      });
    }
    await invitationsRepo.markInvitationOtpVerified(invitation.tokenHash, clock.now());
  }

  async function setPasswordFinish(id: string, password: string) {
    const invitation = await openInvitation(id);
    const now = clock.now();
    if (!invitation.otpVerifiedAt || now.getTime() - invitation.otpVerifiedAt.getTime() > INVITATION_OTP_WINDOW_MS) {
      throw new AppError('conflict', 'Please verify the code first');
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const userId = await invitationsRepo.useInvitation(invitation.tokenHash, now, tx);
      if (!userId) throw new AppError('not_found', 'This link is invalid or has expired');
      await repo.setPassword(userId, passwordHash, tx);
      await sessionsRepo.endUserSessions(userId, now, tx);
    });
  }

  return { createInvitation, setPasswordSendOtp, setPasswordVerifyOtp, setPasswordFinish };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;

function maskRecipient(r: string) {
  if (r.includes('@')) {
    const [name, domain] = r.split('@');
    return `${name!.slice(0, 1)}***@${domain}`; // split answers at least one part
  }
  return `${'*'.repeat(Math.max(0, r.length - 3))}${r.slice(-3)}`;
}

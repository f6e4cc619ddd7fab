import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './customers.ts';

/** Server-side sessions; only a hash of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ip: text(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Devices a user has signed in from, by fingerprint hash. */
export const devices = pgTable(
  'user_devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fingerprintHash: text('fingerprint_hash').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_devices_uq').on(t.userId, t.fingerprintHash)],
);

/**
 * A sign-in attempt that needs a second step: an OTP, or approval of a new device by whoever is
 * above the user. `reference` is the short code shown to the user; `id` is the poll handle.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    reference: text().notNull(),
    otpHash: text('otp_hash'),
    fingerprintHash: text('fingerprint_hash').notNull(),
    status: text().notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    ip: text(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId, t.status)],
);

/** Sign-in payload nonces seen in the last minutes: a replayed payload is refused. */
export const loginNonces = pgTable('login_nonces', {
  nonce: text().primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failure counters for sign-in and OTP checks, shared by every server copy. */
export const authThrottle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Single-use set-password invitations (/registration/set-password/{id}). */
export const passwordInvitations = pgTable('password_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  otpHash: text('otp_hash'),
  otpAttempts: smallint('otp_attempts').notNull().default(0),
  otpVerifiedAt: timestamp('otp_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

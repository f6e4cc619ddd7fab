import { join } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Every environment variable the server reads; docs/operations.md "Configuration" documents each. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  /** A read replica for report and export queries; figures there lag by the replica's delay. */
  DATABASE_READ_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Where `npm run db:backup` writes and the audit chain's anchors are appended (default `<DATA_DIR>/backups`). */
  BACKUP_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** Purchases that arrive together share one database call and commit (issue 38); `off` for comparison. */
  PURCHASE_BATCHING: z.enum(['on', 'off']).default('on'),
  /** How long a purchase batch gathers after its first purchase; 0: the event loop's next turn (tests widen it). */
  PURCHASE_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  /** The original single keys: key id 0 of their ring (decision 0148). */
  LOGIN_KEY: z.string().optional(),
  PIN_ENCRYPTION_KEY: z.string().optional(),
  PIN_INDEX_KEY: z.string().optional(),
  /**
   * Further keys of each ring for a rotation without downtime (decision 0148): `id:value,id:value` with ids 1–255
   * (PEM with `\n` for LOGIN_KEYS, base64 of 32 bytes otherwise). Every copy reads with every key of its ring and
   * writes (hands out, for the sign-in key) only with the `*_ACTIVE` one, default 0.
   */
  LOGIN_KEYS: z.string().optional(),
  PIN_ENCRYPTION_KEYS: z.string().optional(),
  PIN_INDEX_KEYS: z.string().optional(),
  LOGIN_KEY_ACTIVE: z.coerce.number().int().min(0).max(255).default(0),
  PIN_ENCRYPTION_KEY_ACTIVE: z.coerce.number().int().min(0).max(255).default(0),
  PIN_INDEX_KEY_ACTIVE: z.coerce.number().int().min(0).max(255).default(0),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(180),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  TRUST_PROXY: bool,
  SEED_DEMO: bool,
  /** Bearer token a Prometheus scraper sends to `GET /metrics`; without it only the machine itself may read them. */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMS_PROVIDER: z.enum(['local', 'http']).default('local'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER_ID: z.string().default('Portal'),
  MAIL_PROVIDER: z.enum(['local', 'smtp']).default('local'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Prepaid Portal <no-reply@localhost>'),
  WEB_DIST: z.string().optional(),
  /** `local` starts the DT One simulator inside the portal; `http` speaks to DT_ONE_BASE_URL; `off` has no top-up. */
  DT_ONE_PROVIDER: z.enum(['local', 'http', 'off']).optional(),
  DT_ONE_BASE_URL: z.url().optional(),
  DT_ONE_API_KEY: z.string().min(1).optional(),
  DT_ONE_API_SECRET: z.string().min(1).optional(),
  DT_ONE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Multiplies the simulator's sandbox delays (3 s, 20 s, 5 min). */
  DT_ONE_SIMULATOR_DELAY_SCALE: z.coerce.number().min(0).max(10).default(1),
  /**
   * The discount chain of top-ups from DT One's retail price F (decision 0080): a reseller pays
   * F × (1 − reseller discount), a shop F × (1 − seller discount); percentages with up to 2 decimals.
   */
  DT_ONE_RESELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('4'),
  DT_ONE_SELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('2'),
  /**
   * DT One's callbacks: the portal's address as DT One reaches it (https in production) and a secret of at least
   * 32 characters that makes the callback path unguessable. Both or neither; without them polling alone drives
   * the status. DT One does not sign callbacks, so a callback only makes the portal ask DT One itself.
   */
  DT_ONE_CALLBACK_BASE_URL: z.url().optional(),
  DT_ONE_CALLBACK_SECRET: z.string().min(32).optional(),
  /**
   * Lets partner webhooks reach loopback and private addresses (tests and local trials only; refused in production,
   * where such callback URLs are refused at send time as SSRF targets).
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool,
  /**
   * DT One's available balance (EUR) below which the platform's superadmin gets a notice (decision 0080,
   * "Reconciliation"): read by the daily reconciliation and whenever `/top-ups-pending` shows it.
   */
  DT_ONE_BALANCE_ALERT_BELOW: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .default('500'),
  /** How soon a pending top-up's status is asked again. */
  DT_ONE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Direct recharge (decision 0101): `local` starts the simulator inside the portal; `http` speaks the generic API
   * of docs/providers/direct-recharge.md at DIRECT_RECHARGE_BASE_URL with a bearer key; `off` has no direct recharge.
   */
  DIRECT_RECHARGE_PROVIDER: z.enum(['local', 'http', 'off']).optional(),
  DIRECT_RECHARGE_BASE_URL: z.url().optional(),
  DIRECT_RECHARGE_API_KEY: z.string().min(1).optional(),
  DIRECT_RECHARGE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Multiplies the simulator's delays (3 s, 20 s, 5 min). */
  DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE: z.coerce.number().min(0).max(10).default(1),
  /** The discount chain from the provider's retail price, as DT_ONE_*_DISCOUNT for top-ups. */
  DIRECT_RECHARGE_RESELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('4'),
  DIRECT_RECHARGE_SELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('2'),
  /** How soon a pending recharge's status is asked again. */
  DIRECT_RECHARGE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Bus tickets (decision 0103): `local` starts the simulator inside the portal; `http` speaks the interface of
   * docs/providers/flixbus.md at FLIXBUS_BASE_URL with an API key; `off` has no bus tickets.
   */
  FLIXBUS_PROVIDER: z.enum(['local', 'http', 'off']).optional(),
  FLIXBUS_BASE_URL: z.url().optional(),
  FLIXBUS_API_KEY: z.string().min(1).optional(),
  FLIXBUS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** The discount chain from the ticket price, as DT_ONE_*_DISCOUNT for top-ups. */
  FLIXBUS_RESELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('6'),
  FLIXBUS_SELLER_DISCOUNT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('3'),
  /** How soon a pending ticket payment's status is asked again. */
  FLIXBUS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Soft pins (decision 0104): `local` starts the simulator inside the portal; `http` speaks the generic API of
   * docs/providers/softpin.md at SOFTPIN_BASE_URL with a bearer key; `off` has no soft pins.
   */
  SOFTPIN_PROVIDER: z.enum(['local', 'http', 'off']).optional(),
  SOFTPIN_BASE_URL: z.url().optional(),
  SOFTPIN_API_KEY: z.string().min(1).optional(),
  SOFTPIN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Multiplies the simulator's delay (3 s). */
  SOFTPIN_SIMULATOR_DELAY_SCALE: z.coerce.number().min(0).max(10).default(1),
  /** How soon a pending soft-pin order's status is asked again. */
  SOFTPIN_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
});

type ProviderMode = 'local' | 'http' | 'off';
export type Config = z.infer<typeof envSchema> & {
  production: boolean;
  DT_ONE_PROVIDER: ProviderMode;
  DIRECT_RECHARGE_PROVIDER: ProviderMode;
  FLIXBUS_PROVIDER: ProviderMode;
  SOFTPIN_PROVIDER: ProviderMode;
};

/** The backup folder: backups and the audit chain's anchor file (decision 0142). */
export function backupDir(config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = { ...parsed.data, production: parsed.data.NODE_ENV === 'production' };
  if (cfg.production && !cfg.DATABASE_URL) throw new Error('DATABASE_URL is required in production');
  // After a rotation the original key may be gone: a ring given as a list is enough (decision 0148).
  if (
    cfg.production &&
    (!(cfg.LOGIN_KEY || cfg.LOGIN_KEYS) ||
      !(cfg.PIN_ENCRYPTION_KEY || cfg.PIN_ENCRYPTION_KEYS) ||
      !(cfg.PIN_INDEX_KEY || cfg.PIN_INDEX_KEYS))
  ) {
    throw new Error('LOGIN_KEY, PIN_ENCRYPTION_KEY and PIN_INDEX_KEY are required in production');
  }
  const dtOne = cfg.DT_ONE_PROVIDER ?? (cfg.production ? 'off' : 'local');
  if (cfg.production && dtOne === 'local')
    throw new Error('DT_ONE_PROVIDER=local (the simulator) is not allowed in production');
  if (dtOne === 'http' && (!cfg.DT_ONE_BASE_URL || !cfg.DT_ONE_API_KEY || !cfg.DT_ONE_API_SECRET)) {
    throw new Error('DT_ONE_PROVIDER=http needs DT_ONE_BASE_URL, DT_ONE_API_KEY and DT_ONE_API_SECRET');
  }
  if (!cfg.DT_ONE_CALLBACK_BASE_URL !== !cfg.DT_ONE_CALLBACK_SECRET) {
    throw new Error('DT_ONE_CALLBACK_BASE_URL and DT_ONE_CALLBACK_SECRET go together');
  }
  if (cfg.production && cfg.DT_ONE_CALLBACK_BASE_URL && !cfg.DT_ONE_CALLBACK_BASE_URL.startsWith('https://')) {
    throw new Error('DT_ONE_CALLBACK_BASE_URL must be https in production');
  }
  if (cfg.production && cfg.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    throw new Error('WEBHOOK_ALLOW_PRIVATE_TARGETS is not allowed in production');
  }
  // A shop paying less than its reseller would make the reseller's margin negative (DOMAIN.md price chain).
  if (Number(cfg.DT_ONE_SELLER_DISCOUNT) > Number(cfg.DT_ONE_RESELLER_DISCOUNT)) {
    throw new Error('DT_ONE_SELLER_DISCOUNT must not exceed DT_ONE_RESELLER_DISCOUNT');
  }
  const directRecharge = cfg.DIRECT_RECHARGE_PROVIDER ?? (cfg.production ? 'off' : 'local');
  if (cfg.production && directRecharge === 'local') {
    throw new Error('DIRECT_RECHARGE_PROVIDER=local (the simulator) is not allowed in production');
  }
  if (directRecharge === 'http' && (!cfg.DIRECT_RECHARGE_BASE_URL || !cfg.DIRECT_RECHARGE_API_KEY)) {
    throw new Error('DIRECT_RECHARGE_PROVIDER=http needs DIRECT_RECHARGE_BASE_URL and DIRECT_RECHARGE_API_KEY');
  }
  if (Number(cfg.DIRECT_RECHARGE_SELLER_DISCOUNT) > Number(cfg.DIRECT_RECHARGE_RESELLER_DISCOUNT)) {
    throw new Error('DIRECT_RECHARGE_SELLER_DISCOUNT must not exceed DIRECT_RECHARGE_RESELLER_DISCOUNT');
  }
  const flixbus = cfg.FLIXBUS_PROVIDER ?? (cfg.production ? 'off' : 'local');
  if (cfg.production && flixbus === 'local') {
    throw new Error('FLIXBUS_PROVIDER=local (the simulator) is not allowed in production');
  }
  if (flixbus === 'http' && (!cfg.FLIXBUS_BASE_URL || !cfg.FLIXBUS_API_KEY)) {
    throw new Error('FLIXBUS_PROVIDER=http needs FLIXBUS_BASE_URL and FLIXBUS_API_KEY');
  }
  if (Number(cfg.FLIXBUS_SELLER_DISCOUNT) > Number(cfg.FLIXBUS_RESELLER_DISCOUNT)) {
    throw new Error('FLIXBUS_SELLER_DISCOUNT must not exceed FLIXBUS_RESELLER_DISCOUNT');
  }
  const softPin = cfg.SOFTPIN_PROVIDER ?? (cfg.production ? 'off' : 'local');
  if (cfg.production && softPin === 'local') {
    throw new Error('SOFTPIN_PROVIDER=local (the simulator) is not allowed in production');
  }
  if (softPin === 'http' && (!cfg.SOFTPIN_BASE_URL || !cfg.SOFTPIN_API_KEY)) {
    throw new Error('SOFTPIN_PROVIDER=http needs SOFTPIN_BASE_URL and SOFTPIN_API_KEY');
  }
  return {
    ...cfg,
    DT_ONE_PROVIDER: dtOne,
    DIRECT_RECHARGE_PROVIDER: directRecharge,
    FLIXBUS_PROVIDER: flixbus,
    SOFTPIN_PROVIDER: softPin,
  };
}

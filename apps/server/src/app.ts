import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TEMPLATE_COLOURS } from '@portal/contract/limits';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupDir, type Config } from './config.ts';
import { type AuditRequest, auditScope } from './db/audit.ts';
import { connect, type Db } from './db/connect.ts';
import { createModules } from './modules/index.ts';
import { registerApiCompression } from './platform/api-compression.ts';
import { registerJsonBody } from './platform/body-depth.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { trackInflight } from './platform/drain.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerForms } from './platform/forms.ts';
import { registerGuard } from './platform/guard.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Keys } from './platform/keys.ts';
import { collectApiMethods } from './platform/methods.ts';
import { createMetrics } from './platform/metrics.ts';
import { pgRateLimitStore } from './platform/rate-limit-store.ts';
import { requestScopedLog } from './platform/request-log.ts';
import { requireRows } from './platform/routes.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { responseSerializer } from './platform/serializer.ts';
import { registerTextGuard } from './platform/text-guard.ts';
import { connectDirectRecharge } from './providers/direct-recharge/connect.ts';
import { connectDtOne } from './providers/dtone/connect.ts';
import { connectFlixbus } from './providers/flixbus/connect.ts';
import { createLocalSender } from './providers/local-sender.ts';
import { createSmtpMail } from './providers/mail/client.ts';
import type { MessageSender } from './providers/messaging.ts';
import { createHttpSms } from './providers/sms/client.ts';
import { connectSoftPin } from './providers/softpin/connect.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where report and export queries read; `DATABASE_READ_URL`, or the primary without it. */
  readDb?: Db;
  jobs: Jobs;
  keys: Keys;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Message delivery instead of the configured providers (tests capture what would be sent). */
  senders?: { sms: MessageSender; email: MessageSender };
}

/** Never a password, token, session id or PIN in a log line. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers["x-session-id"]',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.pin',
  '*.access_token',
];

/** A request is logged by its route, never its query string: searches carry PINs, names and batch numbers. */
function withSerializers(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger;
  return {
    ...logger,
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
    },
  };
}

export async function buildApp(deps: AppDeps) {
  const { config, db, jobs, keys } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: withSerializers(deps.logger ?? { level: config.LOG_LEVEL, redact: LOG_REDACT }),
    trustProxy: config.TRUST_PROXY ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 6 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any plugin: hooks only reach the routes registered after them.
  const inflight = trackInflight(app);
  // Every transaction of the request names its user (or `public`) for the audit trail (decision 0141).
  app.addHook('onRequest', (req, _reply, done) => auditScope({ req: req as unknown as AuditRequest }, done));
  const log = requestScopedLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict: config.NODE_ENV === 'test' }));

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(db, clock) });
  registerJsonBody(app);
  await registerForms(app);
  registerTextGuard(app);
  registerApiCompression(app);
  registerErrorHandler(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Prepaid Portal API', version: '1.0.0' } },
    // The partner API has its own document (/api/partner/docs) and its own authentication.
    transform: (t) =>
      t.url.startsWith('/api/partner/') ? { schema: { hide: true }, url: t.url } : jsonSchemaTransform(t),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const senders = deps.senders ?? {
    sms:
      config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
        ? createHttpSms({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN, senderId: config.SMS_SENDER_ID })
        : createLocalSender('sms', log, { printBody: !config.production }),
    email:
      config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL
        ? createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM })
        : createLocalSender('email', log, { printBody: !config.production }),
  };
  const dtOne = await connectDtOne(config);
  if (dtOne) app.addHook('onClose', () => dtOne.close());
  const directRecharge = await connectDirectRecharge(config);
  if (directRecharge) app.addHook('onClose', () => directRecharge.close());
  const flixbus = await connectFlixbus(config);
  if (flixbus) app.addHook('onClose', () => flixbus.close());
  const softPin = await connectSoftPin(config);
  if (softPin) app.addHook('onClose', () => softPin.close());
  const readDb =
    deps.readDb ?? (config.DATABASE_READ_URL ? connect(config.DATABASE_READ_URL, config.DB_POOL_SIZE) : db);
  if (readDb !== db && !deps.readDb) app.addHook('onClose', () => readDb.$client.end());
  const metrics = createMetrics(db);
  metrics.register(app, config.METRICS_TOKEN);
  const modules = createModules({
    db,
    readDb,
    metrics,
    clock,
    jobs,
    keys,
    senders,
    log,
    dtOne: dtOne?.client ?? null,
    topup: {
      discounts: { reseller: config.DT_ONE_RESELLER_DISCOUNT, seller: config.DT_ONE_SELLER_DISCOUNT },
      pollMs: config.DT_ONE_POLL_MS,
      balanceAlertBelow: config.DT_ONE_BALANCE_ALERT_BELOW,
      callback:
        config.DT_ONE_CALLBACK_BASE_URL && config.DT_ONE_CALLBACK_SECRET
          ? { baseUrl: config.DT_ONE_CALLBACK_BASE_URL, secret: config.DT_ONE_CALLBACK_SECRET }
          : null,
    },
    directRecharge: {
      provider: directRecharge?.client ?? null,
      discounts: {
        reseller: config.DIRECT_RECHARGE_RESELLER_DISCOUNT,
        seller: config.DIRECT_RECHARGE_SELLER_DISCOUNT,
      },
      pollMs: config.DIRECT_RECHARGE_POLL_MS,
    },
    flixbus: {
      provider: flixbus?.client ?? null,
      discounts: { reseller: config.FLIXBUS_RESELLER_DISCOUNT, seller: config.FLIXBUS_SELLER_DISCOUNT },
      pollMs: config.FLIXBUS_POLL_MS,
    },
    softPin: { provider: softPin?.client ?? null, pollMs: config.SOFTPIN_POLL_MS },
    session: { idleMs: config.SESSION_IDLE_MINUTES * 60_000, maxMs: config.SESSION_MAX_HOURS * 3_600_000 },
    partner: { allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false },
    purchaseBatching: config.PURCHASE_BATCHING !== 'off',
    purchaseBatchWindowMs: config.PURCHASE_BATCH_WINDOW_MS,
    auditChain: { anchorDir: backupDir(config), log },
  });
  // No API answer is kept by a browser or a proxy: they carry balances, PINs and personal data.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerGuard(app, modules.services.auth.sessions.resolveActor, modules.services.partner.apiKeys.resolveActor);
  requireRows(app);
  const apiMethods = collectApiMethods(app);
  await modules.register(app);

  app.get('/healthz', async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  app.get('/manifest.webmanifest', async (req, reply) => {
    const { organisation_name } = await modules.services.organisations.getBranding(req.hostname);
    return reply
      .header('content-type', 'application/manifest+json')
      .header('cache-control', 'no-cache')
      .send(webManifest(organisation_name));
  });
  await serveWebApp(app, config, apiMethods);
  return Object.assign(app, { services: modules.services, schedules: modules.schedules, inflight });
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The installable counter app's manifest, per host: each organisation's portal installs under its own
 * name, in the default template's colour.
 */
export function webManifest(name: string) {
  return {
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trimEnd() : name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: TEMPLATE_COLOURS[0],
    background_color: '#ffffff',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

/**
 * The built single-page app on the same port: files as built (also those built after start), index.html
 * for the app's own paths, 405 for an API call's path with another method, and a plain 404 for missing API
 * calls and missing build files.
 */
async function serveWebApp(app: FastifyInstance, config: Config, apiMethods: (url: string) => string[]) {
  const dist = resolve(config.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const hasWebApp = existsSync(resolve(dist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each file; the browser gets the smallest it accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Built assets carry their content hash in the name, so they never change; the shell must.
        const hashed = path.includes(`${sep}assets${sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    const appPath =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/assets/');
    if (hasWebApp && appPath) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const allowed = req.url.startsWith('/api/') ? apiMethods(req.url) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ message_type: 0, message: 'Method Not Allowed', code: 'method_not_allowed', allow: allowed });
    }
    return reply.status(404).send({ message_type: 0, message: 'Page Not Found', code: 'not_found' });
  });
}

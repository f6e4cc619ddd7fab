import swagger from '@fastify/swagger';
import { API_KEY_PREFIX, PARTNER_RATE_LIMIT_PER_MINUTE } from '@portal/contract/partner';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    partnerSwagger: FastifyInstance['swagger'];
  }
}

const DESCRIPTION = `Machine-to-machine purchases for a shop's till or web shop (decision 0097).

**Authentication**: \`Authorization: Bearer ${API_KEY_PREFIX}…\` with a key made on the portal's API screen; the key acts as
the user it is bound to. Calls come only from the shop's allowed IP addresses (403 \`ip_not_allowed\`); an unknown or
revoked key answers 401 \`api_key_invalid\`. At most ${PARTNER_RATE_LIMIT_PER_MINUTE} calls a minute per key (429 \`throttled\`,
with \`Retry-After\`).

**Idempotency**: every purchase carries an \`Idempotency-Key\` header you choose (a UUID), kept 24 hours for your key.
The same key with the same body answers the first outcome again and charges nothing; with another body 422
\`key_reused\`; while the first is still running 409 \`in_progress\` (retry); after 24 hours 422 \`key_invalid\`. On a
network failure retry with the same key until you get an answer.

**Answers**: \`{ message_type: 1, message, data }\`, or on a refusal \`{ message_type: 0, message, code, params? }\`
with a stable \`code\`. Money is a decimal string in EUR.`;

/**
 * The partner API's own OpenAPI document (`/api/partner/docs/json`) and its browsable page
 * (`/api/partner/docs`, using the portal's Swagger UI files): a second swagger instance that sees only the
 * routes registered in `scope`, under its own decorator so it does not meet the portal's `/api/docs`.
 */
export async function registerPartnerDocs(scope: FastifyInstance) {
  await scope.register(swagger, {
    decorator: 'partnerSwagger',
    openapi: {
      info: { title: 'Prepaid Portal Partner API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'The API key' } } },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const docs = '/api/partner/docs';
  scope.get(`${docs}/json`, { schema: { hide: true } }, async () => scope.partnerSwagger());
  scope.get(`${docs}/init.js`, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/javascript')
      .send(`window.ui = SwaggerUIBundle({ url: '${docs}/json', dom_id: '#swagger-ui' });\n`),
  );
  scope.get(docs, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Prepaid Portal Partner API</title>
<link rel="stylesheet" href="/api/docs/static/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js"></script><script src="${docs}/init.js"></script></body></html>
`),
  );
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** What production needs before the rules below are reached; the values are never used. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://portal@db/portal',
  LOGIN_KEY: 'login-key',
  PIN_ENCRYPTION_KEY: 'pin-key',
  PIN_INDEX_KEY: 'index-key',
};

describe('the configuration of partner webhooks', () => {
  it('refuses private webhook targets in production, and allows them elsewhere', () => {
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })).toThrow(
      'WEBHOOK_ALLOW_PRIVATE_TARGETS is not allowed in production',
    );
    expect(loadConfig(production).WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(
      true,
    );
  });
});

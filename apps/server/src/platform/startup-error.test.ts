import { describe, expect, it } from 'vitest';
import { embeddedFailure } from '../db/embedded.ts';
import { describeStartupFailure, StartupError } from './startup-error.ts';

const ctx = { dir: '/srv/portal/data/pg', port: 54329 };
const oneLine = (s: string) => expect(s).not.toContain('\n');

describe('start-up failures', () => {
  it('names what PostgreSQL refused and what to do, in one line', () => {
    const cases: [string, RegExp][] = [
      [
        'FATAL:  could not bind IPv4 address "127.0.0.1": Address already in use',
        /port 54329 is taken.*EMBEDDED_PG_PORT/,
      ],
      [
        'FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL version 15',
        /another PostgreSQL major version.*new DATA_DIR/,
      ],
      ['FATAL:  lock file "postmaster.pid" already exists', /another PostgreSQL uses the data folder/],
      [
        'initdb: error: could not access directory "/root/x/pg": Permission denied',
        /cannot reach the data folder.*chmod o\+x/,
      ],
      ['', /did not start; see the lines above/],
    ];
    for (const [output, expected] of cases) {
      const message = describeStartupFailure(embeddedFailure(output, ctx), { port: 8080 });
      expect(message).toMatch(/^start-up failed: /);
      expect(message).toMatch(expected);
      oneLine(message);
    }
  });

  it('turns a taken HTTP port, an unreachable database and configuration errors into one line', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:8080'), {
      code: 'EADDRINUSE',
    });
    expect(describeStartupFailure(inUse, { port: 8080 })).toBe(
      'start-up failed: port 8080 is already in use; set PORT to a free port or stop the other program',
    );
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(describeStartupFailure(refused, { port: 8080 })).toMatch(/database cannot be reached.*check DATABASE_URL/);
    const config = new Error('LOGIN_KEY, PIN_ENCRYPTION_KEY and PIN_INDEX_KEY are required in production');
    expect(describeStartupFailure(config, { port: 8080 })).toMatch(/required in production; set the environment/);
    const invalid = new Error('Invalid configuration:\n  PORT: Too big');
    const line = describeStartupFailure(invalid, { port: 8080 });
    oneLine(line);
    expect(line).toContain('PORT: Too big');
  });

  it('never prints a bare undefined', () => {
    expect(describeStartupFailure(undefined, { port: 8080 })).toBe(
      'start-up failed: an error without a message; see the log above',
    );
  });

  it('keeps a StartupError as it is', () => {
    expect(describeStartupFailure(new StartupError('x', 'y'), { port: 1 })).toBe('start-up failed: x; y');
  });
});

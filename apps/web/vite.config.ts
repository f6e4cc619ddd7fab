import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE } from '@portal/contract/limits';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups } from './build/chunk-groups.ts';
import { bootCalls, firstScreenPreload } from './build/first-screen.ts';
import { FIRST_CALLS, SIGNED_IN_CALLS } from './src/app/first-calls.ts';
import { STORAGE_KEYS } from './src/lib/storage.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const api = 'http://127.0.0.1:8080';

/** Writes `.br` and `.gz` beside every text file of the build, so the server sends them without work per request. */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved: (c) => {
      outDir = c.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(path) || statSync(path).size < 1024) continue;
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    firstScreenPreload({
      srcDir: join(import.meta.dirname, 'src'),
      accessTokenKey: STORAGE_KEYS.accessToken,
      sessionIdKey: STORAGE_KEYS.sessionId,
      customerIdKey: STORAGE_KEYS.customerId,
      settingsKey: STORAGE_KEYS.settings,
      defaultLanguage: DEFAULT_LANGUAGE,
      calls: bootCalls(SIGNED_IN_CALLS, FIRST_CALLS),
    }),
    precompress(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  resolve: {
    // Two copies of @mantine/core are installed (workspace and root); one React context tree needs one copy.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps only when asked for (WEB_SOURCEMAP=1): they publish the whole source.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    rolldownOptions: {
      // The contract's schemas are built with `z.…` calls at module level; the web app uses a few of each module's,
      // and zod's builders are not marked free of side effects, so every schema would be built on the first load.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Every module the entry imports goes into the entry chunk; the sign-in page's, the signed-in shell's and
        // what many screens share into one chunk each (build/chunk-groups.ts). Left alone, Rolldown splits them into
        // dozens of small chunks, one request each on six connections, compressed apart (decision 0109).
        codeSplitting: { groups: chunkGroups(join(import.meta.dirname, 'src')) },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/healthz': api },
  },
});

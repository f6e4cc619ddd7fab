import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const BIOME = resolve(ROOT, 'node_modules/.bin/biome');

/**
 * Biome's lint of `source` as a file beside `path` with the same ending (biome.json's overrides apply by path; Biome
 * reports nothing for standard input), written for the run and removed after it.
 */
function lint(path: string, source: string) {
  const ending = path.slice(path.indexOf('.'));
  const file = join(ROOT, dirname(path), `boundary-probe-${randomBytes(4).toString('hex')}${ending}`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(BIOME, ['lint', '--only=style/noRestrictedImports', file], { cwd: ROOT, encoding: 'utf8' });
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

const BOUNDARY = "never through that module's repository";

/*
 * The module boundary of issue 42 (decision 0060): a module uses another through the services its `*.module.ts`
 * hands over, never by importing that module's repository or its `*.queries.ts` parts. Biome refuses it
 * (`noRestrictedImports` in biome.json, for services and for repositories alike); this shows the rule is there and
 * draws the line where it should, so a change to biome.json that loses it fails here.
 */
describe("a module importing another module's repository", () => {
  it.each([
    ['a service', 'apps/server/src/modules/direct-recharge/direct-recharge.service.ts'],
    ['a module factory', 'apps/server/src/modules/flixbus/flixbus.module.ts'],
    ['a repository', 'apps/server/src/modules/invoices/invoices.repository.ts'],
    ['a repository part', 'apps/server/src/modules/reports/sales.queries.ts'],
  ])('is refused in %s', (_, path) => {
    for (const target of ['../provider-sales/provider-sales.repository.ts', '../reports/sales-rollup.queries.ts']) {
      const r = lint(path, `import { x } from '${target}';\nexport const y = x;\n`);
      expect(r.failed, r.output).toBe(true);
      expect(r.output).toContain(BOUNDARY);
    }
  });

  it("lets a module import its own repository and another module's services and types", () => {
    const r = lint(
      'apps/server/src/modules/topup/topup.module.ts',
      [
        "import { createReconciliationRepository } from './reconciliation.repository.ts';",
        "import type { ProviderSalesService } from '../provider-sales/provider-sales.service.ts';",
        "import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';",
        'export type T = [ProviderSalesService, DiscountsOf];',
        'export const y = createReconciliationRepository;',
        '',
      ].join('\n'),
    );
    expect(r.output).not.toContain(BOUNDARY);
    expect(r.failed, r.output).toBe(false);
  });
});

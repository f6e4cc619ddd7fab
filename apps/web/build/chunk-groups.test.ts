import { describe, expect, it } from 'vitest';
import { chunkGroups, OWN_CHUNK, ownModulesReached } from './chunk-groups.ts';

const src = '/app/src';
const lib = '/app/node_modules';

/** A module graph of static imports: the sign-in page and the signed-in shell share a library's index. */
const imports: Record<string, string[]> = {
  [`${src}/features/auth/login.page.tsx`]: [`${src}/ui/brand.tsx`, `${lib}/@mantine/core/esm/index.mjs`],
  [`${src}/ui/brand.tsx`]: [`${lib}/@mantine/core/esm/index.mjs`],
  [`${src}/app/signed-in-routes.tsx`]: [`${src}/app/layouts/app-layout.tsx`, `${src}/ui/brand.tsx`],
  [`${src}/app/layouts/app-layout.tsx`]: [`${lib}/@mantine/core/esm/index.mjs`, `${src}/lib/format.ts`],
  [`${lib}/@mantine/core/esm/index.mjs`]: [
    `${lib}/@mantine/core/esm/Tooltip.mjs`,
    `${lib}/@mantine/core/esm/Table.mjs`,
  ],
};
const graph = { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) };

describe('ownModulesReached', () => {
  it("follows the portal's own imports and stops at a library, whose index would reach every component", () => {
    expect(ownModulesReached(`${src}/app/signed-in-routes.tsx`, src, graph)).toEqual(
      new Set([
        `${src}/app/signed-in-routes.tsx`,
        `${src}/app/layouts/app-layout.tsx`,
        `${src}/lib/format.ts`,
        `${src}/ui/brand.tsx`,
      ]),
    );
  });
});

describe('chunkGroups', () => {
  const [shell, login, signedIn, screens] = chunkGroups(src);
  const nameOf = (group: typeof login, id: string) =>
    typeof group.name === 'function' ? group.name(id, graph as never) : group.name;

  it('keeps the entry whole, then gives a module shared by the sign-in page and the signed-in shell to the sign-in page', () => {
    expect(shell.tags).toEqual(['$initial']);
    expect(nameOf(login, `${src}/ui/brand.tsx`)).toBe('login');
    expect(nameOf(login, `${src}/app/layouts/app-layout.tsx`)).toBeNull();
    // Rolldown removes what an earlier group took; the signed-in group claims the shared module too.
    expect(nameOf(signedIn, `${src}/ui/brand.tsx`)).toBe('signed-in');
    expect(nameOf(signedIn, `${src}/app/layouts/app-layout.tsx`)).toBe('signed-in');
    expect(nameOf(signedIn, `${src}/features/selling/sales.page.tsx`)).toBeNull();
  });

  it('leaves charts and the per-language texts out of the screens’ common chunk', () => {
    expect(screens.minShareCount).toBeGreaterThan(1);
    const test = screens.test as (id: string) => boolean;
    expect(test(`${lib}/recharts/es6/index.js`)).toBe(false);
    expect(test(`${lib}/@mantine/charts/esm/index.mjs`)).toBe(false);
    expect(test(`${src}/i18n/all/de.ts`)).toBe(false);
    expect(test(`${lib}/@mantine/core/esm/Table.mjs`)).toBe(true);
    expect(test(`${src}/ui/data-table.tsx`)).toBe(true);
    expect(OWN_CHUNK.test(`${lib}/d3-scale/src/index.js`)).toBe(true);
  });
});

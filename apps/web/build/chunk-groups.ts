import { join } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

/** What Rolldown's chunking tells a group's `name` function about a module. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The portal's own modules a module imports statically, itself included, following only files under `srcDir`:
 * a library's index re-exports every component, so through it everything would count as imported. The group
 * takes in the libraries' modules those files use (Rolldown adds a captured module's dependencies).
 */
export function ownModulesReached(from: string, srcDir: string, graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const pending = [from];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id) || !id.startsWith(srcDir)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** Libraries only a few screens draw with (charts) and the per-language texts stay in chunks of their own. */
export const OWN_CHUNK =
  /[\\/]node_modules[\\/](recharts|d3-[\w-]+|victory-vendor|@mantine[\\/]charts)[\\/]|[\\/]i18n[\\/]/;

/** A module shared by at least this many lazy chunks (screens, dialogs) joins the screens' common chunk. */
export const SCREENS_SHARE = 5;

/**
 * Rolldown's chunk groups, in order of precedence. Left alone, Rolldown gives every set of screens that shares
 * modules a chunk of its own: a signed-in first load fetched 45–67 scripts, six at a time over HTTP/1.1
 * (decision 0109). Instead:
 * - `shell`: every module the entry imports, in the entry chunk.
 * - `login`: the sign-in page and what it uses beyond the shell, so the sign-in page loads no signed-in code.
 * - `signed-in`: the route tables, the menu layouts and what they use, which every signed-in screen needs.
 * - `screens`: what at least SCREENS_SHARE lazy chunks share (tables, forms, inputs, money), except OWN_CHUNK.
 * The screens' own modules stay in one chunk per screen.
 */
export function chunkGroups(
  srcDir: string,
): [CodeSplittingGroup, CodeSplittingGroup, CodeSplittingGroup, CodeSplittingGroup] {
  const reached = new Map<string, Set<string>>();
  const member = (file: string, name: string) => (id: string, graph: ModuleGraph) => {
    const from = join(srcDir, file);
    const modules = reached.get(from) ?? ownModulesReached(from, srcDir, graph);
    reached.set(from, modules);
    return modules.has(id) ? name : null;
  };
  return [
    { name: 'shell', tags: ['$initial'] },
    { name: member('features/auth/login.page.tsx', 'login') },
    { name: member('app/signed-in-routes.tsx', 'signed-in') },
    { name: 'screens', minShareCount: SCREENS_SHARE, test: (id: string) => !OWN_CHUNK.test(id) },
  ];
}

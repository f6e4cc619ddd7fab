import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type Plugin, parseSync } from 'vite';
import type { FirstCall } from '../src/app/first-calls.ts';

/**
 * A signed-in screen's first load is a chain: the entry script runs, then asks for the route tables and the texts,
 * which then ask for the screen's own code. The build writes a small boot script that starts all of these downloads
 * from the HTML, beside the entry, when the browser holds a session; the app's own imports then find them loaded.
 */

export interface RouteModule {
  path: string;
  /** The page module's absolute file name. */
  module: string;
}

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The child nodes of an ESTree node, in source order. */
function children(node: Node): Node[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

const stringOf = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

/** The routes a route table declares with `route(path, title, load)`, each with the module `load` imports. */
export function routeModules(file: string, source: string): RouteModule[] {
  const { program } = parseSync(file, source, { lang: 'tsx' });
  // Loaders shared by several routes: `const customerForm = () => import('…')`, or one wrapped by a call
  // (`const ownLedger = withEntryViews(() => import('…'))`).
  const loaders = new Map<string, string>();
  const importedBy = (node: Node): string | undefined => {
    if (node.type === 'ImportExpression') return stringOf(node.source);
    if (node.type === 'Identifier' && loaders.has(node.name as string)) return loaders.get(node.name as string);
    for (const child of children(node)) {
      const found = importedBy(child);
      if (found) return found;
    }
    return undefined;
  };
  const routes: RouteModule[] = [];
  const visit = (node: Node): void => {
    const { id, init, callee } = node as { id?: Node; init?: Node; callee?: Node };
    const loaderInit = init?.type === 'ArrowFunctionExpression' || init?.type === 'CallExpression';
    if (node.type === 'VariableDeclarator' && id?.type === 'Identifier' && loaderInit) {
      const imported = importedBy(init);
      if (imported) loaders.set(id.name as string, imported);
    }
    const args = node.arguments as Node[] | undefined;
    const path = stringOf(args?.[0]);
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      callee.name === 'route' &&
      path &&
      args?.[2]
    ) {
      const imported = importedBy(args[2]);
      if (imported) routes.push({ path, module: resolve(dirname(file), imported) });
    }
    for (const child of children(node)) visit(child);
  };
  visit(program as unknown as Node);
  return routes;
}

/** React Router's matching of a route path: parameters are one segment, a trailing slash and case do not matter. */
export function pathPattern(path: string): string {
  const body = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

/** What to preload, as indexes into `files`: many screens share their chunks. */
export interface BootManifest {
  files: string[];
  /** For every signed-in first load: the route tables and what they import. */
  signedIn: number[];
  /** A language's text chunks: the shell's, which the app loads first, and all the others. */
  texts: Record<string, number[]>;
  /** [path pattern, the page's chunk and what it imports], in route order. */
  screens: [string, number[]][];
}

export interface BootOptions {
  accessTokenKey: string;
  sessionIdKey: string;
  customerIdKey: string;
  settingsKey: string;
  defaultLanguage: string;
  /** The calls to start at once (`src/app/first-calls.ts`): every signed-in screen's, and by path pattern a screen's. */
  calls: { signedIn: FirstCall[]; screens: [string, FirstCall[]][] };
}

/** The calls of `first-calls.ts` with each screen path as the router's pattern. */
export function bootCalls(signedIn: FirstCall[], screens: Partial<Record<string, FirstCall[]>>): BootOptions['calls'] {
  return { signedIn, screens: Object.entries(screens).map(([path, calls]) => [pathPattern(path), calls ?? []]) };
}

/**
 * The boot script: plain JavaScript that, when local storage holds a session, starts the first screen's calls (before
 * anything else takes the browser's few connections to the host), then adds `modulepreload` links from the manifest
 * it carries. Carried, not fetched: a fetched manifest arrived while the entry script was being run, so its links
 * waited for that long task, and the screen's chunks started about 150 ms later than they can (decision 0106). The api client takes the answers (`src/lib/early-answers.ts`, whose key and headers it repeats). The sign-in
 * page, the first load without a session, does neither, nor does a boot script that runs after the app has started
 * (it is loaded `async`, so on a busy machine it can). A failed preload or call costs nothing but the head start:
 * the app loads and asks for what it needs itself.
 */
export function bootScript(manifest: BootManifest, options: BootOptions): string {
  const key = (name: keyof BootOptions) => JSON.stringify(options[name]);
  return `// Generated by apps/web/build/first-screen.ts.
const s = localStorage;
const token = s.getItem(${key('accessTokenKey')});
const sessionId = s.getItem(${key('sessionIdKey')});
const customerId = s.getItem(${key('customerIdKey')});
// An app that started first has asked for its first calls itself: answers asked now would go unused.
if (token && sessionId && customerId && !globalThis.__portalStarted) {
  let language = ${key('defaultLanguage')};
  try { language = JSON.parse(s.getItem(${key('settingsKey')})).language ?? language; } catch {}
  const path = location.pathname;
  const calls = ${JSON.stringify(options.calls)};
  const early = (globalThis.__portalEarly = new Map());
  const ask = (c, signedIn) => {
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (signedIn) Object.assign(headers, { Authorization: "Bearer " + token, "X-Session-Id": sessionId, "X-Customer-Id": customerId });
    const answer = fetch("/api" + c.path, { method: c.method, headers, body }).catch(() => null);
    early.set(c.method + " " + c.path + " " + (body ?? ""), answer);
  };
  ask({ method: "POST", path: "/p_check/", body: { organisation_name: location.hostname } }, false);
  for (const c of calls.signedIn) ask(c, true);
  const screenCalls = location.search ? undefined : calls.screens.find(([pattern]) => new RegExp(pattern, "i").test(path));
  for (const c of screenCalls ? screenCalls[1] : []) ask(c, true);
  const m = ${JSON.stringify(manifest)};
  const screen = m.screens.find(([pattern]) => new RegExp(pattern, "i").test(path));
  const wanted = new Set([...m.signedIn, ...(m.texts[language] ?? []), ...(screen ? screen[1] : [])]);
  for (const i of wanted) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = "/" + m.files[i];
    document.head.append(link);
  }
}
`;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

/**
 * The boot manifest of a bundle. A chunk is listed with the chunks it imports, as Chromium's `modulepreload` fetches
 * only the module it names; the entry is left out, the HTML loads it anyway.
 */
export function bootManifest(chunks: ChunkLike[], routes: RouteModule[], srcDir: string): BootManifest {
  const entry = chunks.find((c) => c.isEntry);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files: string[] = [];
  const indexOf = (file: string) => {
    const known = files.indexOf(file);
    return known >= 0 ? known : files.push(file) - 1;
  };
  const chunkOf = (module: string) => chunks.find((c) => c.moduleIds.includes(module))?.fileName;
  const withImports = (file: string | undefined, seen = new Set<string>()): number[] => {
    if (!file || seen.has(file) || file === entry?.fileName) return [];
    seen.add(file);
    return [indexOf(file), ...(byFile.get(file)?.imports ?? []).flatMap((f) => withImports(f, seen))];
  };
  const signedIn = withImports(chunkOf(join(srcDir, 'app/signed-in-routes.tsx')));
  const texts: Record<string, number[]> = {};
  for (const c of chunks) {
    const language = c.facadeModuleId?.match(/[\\/]i18n[\\/](?:all|shell)[\\/](\w+)\.ts$/)?.[1];
    // With their imports: a language's whole texts import its shell's and the code that merges the domains' in.
    if (language) texts[language] = [...new Set([...(texts[language] ?? []), ...withImports(c.fileName)])];
  }
  const screens = routes.flatMap(({ path, module }): [string, number[]][] => {
    const own = withImports(chunkOf(module)).filter((i) => !signedIn.includes(i));
    return own.length > 0 ? [[pathPattern(path), own]] : [];
  });
  return { files, signedIn, texts, screens };
}

/** Reads every route table of `srcDir/app/routes`. */
export function allRouteModules(srcDir: string): RouteModule[] {
  const dir = join(srcDir, 'app/routes');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.routes.tsx'))
    .flatMap((name) => routeModules(join(dir, name), readFileSync(join(dir, name), 'utf8')));
}

export function firstScreenPreload(options: BootOptions & { srcDir: string }): Plugin {
  return {
    name: 'portal-first-screen',
    apply: 'build',
    // After Vite has written index.html into the bundle.
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const manifest = bootManifest(chunks, allRouteModules(options.srcDir), options.srcDir);
      const source = bootScript(manifest, options);
      const bootFile = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('portal-first-screen: index.html is not in the bundle');
      html.source = String(html.source).replace(
        '<head>',
        `<head>\n    <script type="module" async src="/${bootFile}"></script>`,
      );
    },
  };
}

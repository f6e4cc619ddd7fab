import type { FastifyInstance } from 'fastify';

/**
 * The methods each `/api` path answers, collected as routes register, so a known path called with another
 * method answers 405 with `Allow` (RFC 9110 § 15.5.6) instead of a 404 that reads as "no such call".
 */
export function collectApiMethods(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+');
    const pattern = new RegExp(`^${source}$`);
    const entry = routes.find((r) => r.pattern.source === pattern.source) ?? { pattern, methods: new Set<string>() };
    if (!routes.includes(entry)) routes.push(entry);
    for (const m of [route.method].flat()) entry.methods.add(m);
  });
  /** The methods a path answers, or none when no route has it. */
  return (url: string): string[] => {
    const path = url.split('?')[0]!;
    const methods = new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

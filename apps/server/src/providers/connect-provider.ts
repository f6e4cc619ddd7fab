import { randomBytes } from 'node:crypto';

export interface ProviderConnection<C> {
  client: C;
  close(): Promise<void>;
}

/**
 * One of our provider APIs as its `<NAME>_PROVIDER` setting chooses it: `http` speaks to the configured address with
 * the configured key (config.ts requires both), `local` starts the simulator on a free local port with a key made
 * for this run, `off` is none.
 */
export async function connectProvider<C>(o: {
  mode: 'local' | 'http' | 'off';
  baseUrl?: string;
  apiKey?: string;
  client: (baseUrl: string, apiKey: string) => C;
  simulator: (apiKey: string) => Promise<{ baseUrl: string; close(): Promise<void> }>;
}): Promise<ProviderConnection<C> | null> {
  if (o.mode === 'off') return null;
  if (o.mode === 'http') {
    return { client: o.client(o.baseUrl as string, o.apiKey as string), close: async () => undefined };
  }
  const apiKey = randomBytes(24).toString('hex');
  const sim = await o.simulator(apiKey);
  return { client: o.client(sim.baseUrl, apiKey), close: () => sim.close() };
}

import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createFlixbusClient, type FlixbusClient } from './client.ts';
import { startFlixbusSimulator } from './simulator.ts';

export interface FlixbusConnection {
  client: FlixbusClient;
  close(): Promise<void>;
}

/**
 * The bus-ticket provider the portal talks to, chosen by FLIXBUS_PROVIDER: a service speaking the interface of
 * docs/providers/flixbus.md at FLIXBUS_BASE_URL (not yet checked against the live partner API), or the simulator
 * started here on a free local port with a key made for this run. `off` means no bus tickets.
 */
export async function connectFlixbus(config: Config): Promise<FlixbusConnection | null> {
  const timeoutMs = config.FLIXBUS_TIMEOUT_MS;
  if (config.FLIXBUS_PROVIDER === 'off') return null;
  if (config.FLIXBUS_PROVIDER === 'http') {
    const client = createFlixbusClient({
      baseUrl: config.FLIXBUS_BASE_URL as string,
      apiKey: config.FLIXBUS_API_KEY as string,
      timeoutMs,
    });
    return { client, close: async () => undefined };
  }
  const apiKey = randomBytes(24).toString('hex');
  const sim = await startFlixbusSimulator({ apiKey });
  return { client: createFlixbusClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs }), close: () => sim.close() };
}

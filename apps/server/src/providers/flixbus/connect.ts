import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { connectProvider, type ProviderConnection } from '../connect-provider.ts';
import { createFlixbusClient, type FlixbusClient } from './client.ts';
import { startFlixbusSimulator } from './simulator.ts';

export type FlixbusConnection = ProviderConnection<FlixbusClient>;

/**
 * The bus-ticket provider the portal talks to, chosen by FLIXBUS_PROVIDER: a service speaking the interface of
 * docs/providers/flixbus.md at FLIXBUS_BASE_URL (not yet checked against the live partner API), or the simulator
 * started here on a free local port with a key made for this run. `off` means no bus tickets.
 */
export function connectFlixbus(config: Config): Promise<FlixbusConnection | null> {
  return connectProvider({
    mode: config.FLIXBUS_PROVIDER,
    baseUrl: config.FLIXBUS_BASE_URL,
    apiKey: config.FLIXBUS_API_KEY,
    client: (baseUrl, apiKey) => createFlixbusClient({ baseUrl, apiKey, timeoutMs: config.FLIXBUS_TIMEOUT_MS }),
    simulator: (apiKey) =>
      startFlixbusSimulator({
        apiKey,
        // In the data folder, so a portal killed mid-sale finds its simulator's records again (decision 0080).
        file: resolve(config.DATA_DIR, 'simulators', 'flixbus.json'),
      }),
  });
}

import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { connectProvider, type ProviderConnection } from '../connect-provider.ts';
import { createSoftPinClient, type SoftPinClient } from './client.ts';
import { startSoftPinSimulator } from './simulator.ts';

export type SoftPinConnection = ProviderConnection<SoftPinClient>;

/**
 * The soft-pin provider the portal talks to, chosen by SOFTPIN_PROVIDER: a service speaking the generic API at
 * SOFTPIN_BASE_URL, or the simulator started here on a free local port with a key made for this run. `off` means
 * no soft pins.
 */
export function connectSoftPin(config: Config): Promise<SoftPinConnection | null> {
  return connectProvider({
    mode: config.SOFTPIN_PROVIDER,
    baseUrl: config.SOFTPIN_BASE_URL,
    apiKey: config.SOFTPIN_API_KEY,
    client: (baseUrl, apiKey) => createSoftPinClient({ baseUrl, apiKey, timeoutMs: config.SOFTPIN_TIMEOUT_MS }),
    simulator: (apiKey) =>
      startSoftPinSimulator({
        apiKey,
        delayScale: config.SOFTPIN_SIMULATOR_DELAY_SCALE,
        // In the data folder, so a portal killed mid-sale finds its simulator's records again (decision 0080).
        file: resolve(config.DATA_DIR, 'simulators', 'softpin.json'),
      }),
  });
}

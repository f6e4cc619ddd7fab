import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { connectProvider, type ProviderConnection } from '../connect-provider.ts';
import { createDirectRechargeClient, type DirectRechargeClient } from './client.ts';
import { startDirectRechargeSimulator } from './simulator.ts';

export type DirectRechargeConnection = ProviderConnection<DirectRechargeClient>;

/**
 * The recharge aggregator the portal talks to, chosen by DIRECT_RECHARGE_PROVIDER: a service speaking the generic
 * API at DIRECT_RECHARGE_BASE_URL, or the simulator started here on a free local port with a key made for this
 * run. `off` means no direct recharge.
 */
export function connectDirectRecharge(config: Config): Promise<DirectRechargeConnection | null> {
  return connectProvider({
    mode: config.DIRECT_RECHARGE_PROVIDER,
    baseUrl: config.DIRECT_RECHARGE_BASE_URL,
    apiKey: config.DIRECT_RECHARGE_API_KEY,
    client: (baseUrl, apiKey) =>
      createDirectRechargeClient({ baseUrl, apiKey, timeoutMs: config.DIRECT_RECHARGE_TIMEOUT_MS }),
    simulator: (apiKey) =>
      startDirectRechargeSimulator({
        apiKey,
        delayScale: config.DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE,
        // In the data folder, so a portal killed mid-sale finds its simulator's records again (decision 0080).
        file: resolve(config.DATA_DIR, 'simulators', 'direct-recharge.json'),
      }),
  });
}

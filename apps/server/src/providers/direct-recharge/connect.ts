import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createDirectRechargeClient, type DirectRechargeClient } from './client.ts';
import { startDirectRechargeSimulator } from './simulator.ts';

export interface DirectRechargeConnection {
  client: DirectRechargeClient;
  close(): Promise<void>;
}

/**
 * The recharge aggregator the portal talks to, chosen by DIRECT_RECHARGE_PROVIDER: a service speaking the generic
 * API at DIRECT_RECHARGE_BASE_URL, or the simulator started here on a free local port with a key made for this
 * run. `off` means no direct recharge.
 */
export async function connectDirectRecharge(config: Config): Promise<DirectRechargeConnection | null> {
  const timeoutMs = config.DIRECT_RECHARGE_TIMEOUT_MS;
  if (config.DIRECT_RECHARGE_PROVIDER === 'off') return null;
  if (config.DIRECT_RECHARGE_PROVIDER === 'http') {
    const client = createDirectRechargeClient({
      baseUrl: config.DIRECT_RECHARGE_BASE_URL as string,
      apiKey: config.DIRECT_RECHARGE_API_KEY as string,
      timeoutMs,
    });
    return { client, close: async () => undefined };
  }
  const apiKey = randomBytes(24).toString('hex');
  const sim = await startDirectRechargeSimulator({ apiKey, delayScale: config.DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE });
  return { client: createDirectRechargeClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs }), close: () => sim.close() };
}

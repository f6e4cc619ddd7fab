import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createSoftPinClient, type SoftPinClient } from './client.ts';
import { startSoftPinSimulator } from './simulator.ts';

export interface SoftPinConnection {
  client: SoftPinClient;
  close(): Promise<void>;
}

/**
 * The soft-pin provider the portal talks to, chosen by SOFTPIN_PROVIDER: a service speaking the generic API at
 * SOFTPIN_BASE_URL, or the simulator started here on a free local port with a key made for this run. `off` means
 * no soft pins.
 */
export async function connectSoftPin(config: Config): Promise<SoftPinConnection | null> {
  const timeoutMs = config.SOFTPIN_TIMEOUT_MS;
  if (config.SOFTPIN_PROVIDER === 'off') return null;
  if (config.SOFTPIN_PROVIDER === 'http') {
    const client = createSoftPinClient({
      baseUrl: config.SOFTPIN_BASE_URL as string,
      apiKey: config.SOFTPIN_API_KEY as string,
      timeoutMs,
    });
    return { client, close: async () => undefined };
  }
  const apiKey = randomBytes(24).toString('hex');
  const sim = await startSoftPinSimulator({ apiKey, delayScale: config.SOFTPIN_SIMULATOR_DELAY_SCALE });
  return { client: createSoftPinClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs }), close: () => sim.close() };
}

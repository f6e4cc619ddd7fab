import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { createDtOneClient, type DtOneClient } from './client.ts';
import { startDtOneSimulator } from './simulator.ts';

export interface DtOneConnection {
  client: DtOneClient;
  /** `simulator` when the portal runs its own DT One (never in production). */
  kind: 'simulator' | 'http';
  close(): Promise<void>;
}

/**
 * The DT One the portal talks to, chosen by DT_ONE_PROVIDER: the real API with the configured key
 * and secret, or the simulator started here on a free local port with a key made for this run.
 * `off` means no international top-up.
 */
export async function connectDtOne(config: Config): Promise<DtOneConnection | null> {
  if (config.DT_ONE_PROVIDER === 'off') return null;
  if (config.DT_ONE_PROVIDER === 'http') {
    return {
      kind: 'http',
      client: createDtOneClient({
        baseUrl: config.DT_ONE_BASE_URL as string,
        apiKey: config.DT_ONE_API_KEY as string,
        apiSecret: config.DT_ONE_API_SECRET as string,
        timeoutMs: config.DT_ONE_TIMEOUT_MS,
      }),
      close: async () => undefined,
    };
  }
  const apiKey = 'simulator';
  const apiSecret = randomBytes(16).toString('hex');
  const sim = await startDtOneSimulator({
    apiKey,
    apiSecret,
    delayScale: config.DT_ONE_SIMULATOR_DELAY_SCALE,
    // In the data folder, so a portal killed mid-sale finds its simulator's transactions again (decision 0080).
    file: resolve(config.DATA_DIR, 'simulators', 'dtone.json'),
  });
  return {
    kind: 'simulator',
    client: createDtOneClient({ baseUrl: sim.baseUrl, apiKey, apiSecret, timeoutMs: config.DT_ONE_TIMEOUT_MS }),
    close: () => sim.close(),
  };
}

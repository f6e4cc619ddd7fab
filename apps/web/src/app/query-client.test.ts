import type { MutationMeta } from '@tanstack/react-query';
import i18next from 'i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { notify, notifyError } from '../lib/notify.ts';
import { createQueryClient } from './query-client.ts';

vi.mock('../lib/notify.ts', () => ({ notify: vi.fn(), notifyError: vi.fn() }));

async function run(meta: MutationMeta | undefined, fails: boolean) {
  const client = createQueryClient();
  const refusal = new ApiError('not_found', 'gone', 404);
  const mutation = client.getMutationCache().build(client, {
    meta,
    mutationFn: () => (fails ? Promise.reject(refusal) : Promise.resolve('ok')),
  });
  await mutation.execute(undefined).catch(() => undefined);
  return refusal;
}

describe('the mutation cache', () => {
  beforeAll(() => i18next.init({ lng: 'de', resources: { de: { translation: { common: { save: 'Gespeichert' } } } } }));
  beforeEach(() => vi.clearAllMocks());

  it('reports a refusal as a notification when the mutation asks for it', async () => {
    const refusal = await run({ errorToast: true }, true);
    expect(notifyError).toHaveBeenCalledWith(refusal);
  });

  it('leaves a refusal to the screen that shows it itself', async () => {
    await run(undefined, true);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows the success message after the call and nothing after a refusal', async () => {
    await run({ successMessage: 'common.save' }, false);
    expect(notify).toHaveBeenCalledWith({ color: 'teal', message: 'Gespeichert' });
    vi.clearAllMocks();
    await run({ successMessage: 'common.save' }, true);
    expect(notify).not.toHaveBeenCalled();
  });
});

import type { UserSettings } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { sessionStore, setUser } from '../../lib/session.ts';
import { saveLocalSettings } from '../../lib/settings.ts';

export const settingsKeys = {
  all: ['settings'] as const,
  update: () => [...settingsKeys.all, 'update'] as const,
};

/**
 * Applies a change on this device at once and, when signed in, saves it with the account. The device copy is not
 * overwritten by the answer: with quick successive changes an earlier answer would undo a later one.
 */
export function useUpdateSettings() {
  const { t } = useTranslation();
  return useMutation({
    mutationKey: settingsKeys.update(),
    mutationFn: async (change: Partial<UserSettings>) => {
      saveLocalSettings(change);
      if (!sessionStore.get().session) return null;
      return api.call('/update_settings/', change);
    },
    onSuccess: (saved) => {
      const user = sessionStore.get().user;
      if (saved && user) setUser({ ...user, ...saved });
    },
    onError: (error) => {
      notify({ color: 'red', title: t('settings.saveFailed'), message: describeError(t, error) });
    },
  });
}

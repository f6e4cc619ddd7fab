import { ActionIcon, Tooltip } from '@mantine/core';
import { LIMITS } from '@portal/contract/limits';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { toggleStarred, useSettings } from '../../lib/settings.ts';
import { useUpdateSettings } from './settings.queries.ts';

export function StarToggle({ path }: { path: string }) {
  const { t } = useTranslation();
  const { starred_pages } = useSettings();
  const update = useUpdateSettings();
  const starred = starred_pages.includes(path);
  const label = starred ? t('starred.remove') : t('starred.add');

  function toggle() {
    const { next, refused } = toggleStarred(starred_pages, path);
    if (refused) {
      notify({ color: 'yellow', message: t('starred.limit', { count: LIMITS.starredPages }) });
      return;
    }
    update.mutate({ starred_pages: next });
  }

  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="yellow" aria-label={label} aria-pressed={starred} onClick={toggle}>
        {starred ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

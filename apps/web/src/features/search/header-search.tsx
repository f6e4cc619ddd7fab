import { ActionIcon, Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog's code and its query load on the first search, not with the shell (the JavaScript budget).
const SearchDialog = lazy(() => import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })));

/** Ctrl+K (⌘K on a Mac) anywhere opens the search, as in most web apps; a second press closes it. */
export const isSearchShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';

/** The header's search (issue 39): a button (an icon on phones) and Ctrl+K open the dialog. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpened((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        visibleFrom="sm"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">{t('search.shortcut')}</Kbd>}
        onClick={open}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="header-search"
      >
        {t('search.open')}
      </Button>
      <ActionIcon variant="subtle" size="lg" hiddenFrom="sm" onClick={open} aria-label={t('search.open')}>
        <IconSearch size={20} />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

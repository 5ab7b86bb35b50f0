// The one search's way in, in the back office's and the portal's header: a field-like button
// (an icon on phones) and Ctrl+K / Cmd+K anywhere. The dialog itself is a lazy chunk, loaded on
// the first open (or when the pointer or focus comes near the button), so no layout carries it.
import { Kbd, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SearchLauncher.module.css';

const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(loadDialog);

/** True on a Mac (and iPad/iPhone), where the shortcut is ⌘K. */
const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function SearchLauncher({ variant }: { variant: 'backoffice' | 'portal' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so closing keeps what was typed for the next open.
  const [mounted, setMounted] = useState(false);
  const shortcut = isApple() ? '⌘K' : 'Ctrl+K';

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setMounted(true);
        setOpened(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const open = () => {
    setMounted(true);
    setOpened(true);
  };
  const prefetch = () => void loadDialog().catch(() => {});

  return (
    <>
      <UnstyledButton
        className={variant === 'portal' ? `${classes.trigger} ${classes.portal}` : classes.trigger}
        onClick={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
      >
        <IconSearch size={18} aria-hidden />
        {/* Named by its text ("Zoeken Ctrl+K"); on phones the text is there for screen readers only. */}
        <span className={classes.label}>{t('search.trigger')}</span>
        <Kbd size="xs" className={classes.kbd}>
          {shortcut}
        </Kbd>
      </UnstyledButton>
      {mounted ? (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} portal={variant === 'portal'} />
        </Suspense>
      ) : null}
    </>
  );
}

// The one search's dialog, a lazy chunk of its own: a combobox with a grouped listbox
// (WAI-ARIA combobox pattern). Typing asks the server after a short pause; ↑/↓ move through the
// hits, Enter opens one, Esc closes; focus stays in the dialog. Full screen on phones.
import type { SearchGroup, SearchHit, SearchKind } from '@app/shared/search/search';
import { Box, Group, Loader, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconBox,
  IconBuilding,
  IconChecklist,
  IconFileText,
  IconLayoutGrid,
  IconPackage,
  IconSearch,
  IconTicket,
  IconTools,
  IconUser,
} from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSearch } from './api';
import classes from './SearchDialog.module.css';

const ICONS: Record<SearchKind, ReactNode> = {
  project: <IconTools size={18} />,
  area: <IconLayoutGrid size={18} />,
  task: <IconChecklist size={18} />,
  ticket: <IconTicket size={18} />,
  drawing: <IconFileText size={18} />,
  product: <IconPackage size={18} />,
  article: <IconBox size={18} />,
  company: <IconBuilding size={18} />,
  person: <IconUser size={18} />,
};

const MIN = 2;
const NO_GROUPS: SearchGroup[] = [];
const DEBOUNCE_MS = 150;

export default function SearchDialog({ opened, onClose, portal }: { opened: boolean; onClose: () => void; portal: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const query = debounced.length >= MIN ? debounced : '';
  const search = useSearch(query);
  // The option the arrows chose; -1 until they are used (Enter then opens the first hit).
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const listRef = useRef<HTMLDivElement>(null);

  // The answer belongs to the text shown only once the debounce caught up; until then it is the last one.
  const groups = query && search.data ? search.data.data.groups : NO_GROUPS;
  const hits: SearchHit[] = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const short = text.trim().length < MIN;
  const waiting = !short && (text.trim() !== debounced || search.isFetching);

  // A new answer starts with no choice made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer resets the choice
  useEffect(() => setActive(-1), [hits]);

  // Keep the active option in view as the arrows move it.
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const openHit = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    void navigate(hit.url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? hits.length - 1 : i - 1));
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault();
      setActive(hits.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      openHit(hits[active >= 0 ? active : 0]);
    }
  };

  let status: ReactNode = null;
  if (short) status = t('search.hint', { count: MIN });
  else if (search.isError) status = t('search.error');
  else if (!waiting && query && search.data && hits.length === 0) status = t('search.empty', { q: debounced });

  let index = -1;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('search.title')}
      fullScreen={phone}
      size="lg"
      yOffset="8vh"
      radius={phone ? 0 : 'md'}
      transitionProps={{ duration: phone ? 0 : 120 }}
      classNames={{ body: classes.body }}
      data-testid="search-dialog"
    >
      <TextInput
        data-autofocus
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t(portal ? 'search.placeholderPortal' : 'search.placeholder')}
        aria-label={t('search.inputLabel')}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && active < hits.length ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        size="md"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={waiting ? <Loader size="xs" aria-hidden /> : null}
        data-testid="search-input"
      />
      {/* One live region: the hint, the empty answer or an error as visible text; how many were found (or that it is searching) for screen readers. */}
      <div role="status" aria-live="polite">
        {status ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {status}
          </Text>
        ) : (
          <span className="visually-hidden">
            {waiting ? t('search.loading') : hits.length > 0 ? t('search.results', { count: hits.length }) : ''}
          </span>
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.resultsLabel')}
        ref={listRef}
        className={classes.list}
        hidden={hits.length === 0}
      >
        {groups.map((g) => {
          const headingId = `${id}-group-${g.kind}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (WAI-ARIA combobox pattern), not a form group
            <div key={g.kind} role="group" aria-labelledby={headingId} className={classes.group}>
              <Text
                id={headingId}
                role="presentation"
                size="xs"
                fw={700}
                tt="uppercase"
                c="dimmed"
                className={classes.groupLabel}
              >
                {t(`search.kinds.${g.kind}`)}
              </Text>
              {g.items.map((hit) => {
                index += 1;
                const i = index;
                const selected = i === active;
                return (
                  <UnstyledButton
                    component="div"
                    key={`${hit.kind}-${hit.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={selected}
                    data-index={i}
                    data-active={selected || undefined}
                    className={classes.option}
                    tabIndex={-1}
                    onMouseMove={() => setActive(i)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => openHit(hit)}
                    data-testid="search-option"
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Box className={classes.icon} aria-hidden>
                        {ICONS[hit.kind]}
                      </Box>
                      <Box miw={0}>
                        <Text size="sm" fw={500} truncate>
                          {hit.title}
                        </Text>
                        {hit.subtitle ? (
                          <Text size="xs" truncate className={classes.subtitle}>
                            {hit.subtitle}
                          </Text>
                        ) : null}
                      </Box>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </div>
          );
        })}
      </div>
      <Text size="xs" c="dimmed" mt="sm" visibleFrom="sm" aria-hidden>
        {t('search.help')}
      </Text>
    </Modal>
  );
}

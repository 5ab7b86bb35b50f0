import { useTranslation } from 'react-i18next';

/** The id of the element that holds a screen's main content (each layout sets it on its <main>). */
export const MAIN_CONTENT_ID = 'main-content';

/** Props for the element the skip link jumps to: focusable by script only, without a ring of its own. */
export const skipTargetProps = { id: MAIN_CONTENT_ID, tabIndex: -1, 'data-skip-target': true } as const;

/**
 * "Naar de inhoud": the first Tab stop of every layout, visible only while it has the focus. It
 * moves the focus itself (no #hash navigation, which the router would see as a new location), so
 * the next Tab continues inside the main content.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="skip-link"
      onClick={(e) => {
        const target = document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        e.preventDefault();
        target.focus({ preventScroll: true });
        target.scrollIntoView({ block: 'start' });
      }}
    >
      {t('common.nav.skipToContent')}
    </a>
  );
}

import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './gallery.module.css';

export interface GalleryImage {
  thumbUrl: string;
  largeUrl: string;
  width: number | null;
  height: number | null;
}

/** A sideways swipe of at least this many pixels (and more sideways than down) turns the page. */
const SWIPE_PX = 40;

/**
 * A product's images: the main image (large, with the thumbnail as the small source), thumbnails
 * below. Arrow keys, Home and End on the image or a thumbnail, the buttons, or a swipe change it.
 * No carousel library: this is all a phone needs, in a few hundred bytes.
 */
export function Gallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;

  const go = (next: number, focusThumb = false) => {
    const i = (next + count) % count;
    setIndex(i);
    if (focusThumb) thumbs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, focusThumb: boolean) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    const next = moves[e.key];
    if (next === undefined || count < 2) return;
    e.preventDefault();
    go(next, focusThumb);
  };

  const label = t('public.gallery.imageOf', { name, index: index + 1, count });
  return (
    <section aria-roledescription={t('public.gallery.role')} aria-label={t('public.gallery.label', { name })}>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel slide (WAI-ARIA pattern), not a form group */}
      <div
        className={classes.stage}
        tabIndex={count > 1 ? 0 : -1}
        aria-roledescription={t('public.gallery.slide')}
        aria-label={label}
        role="group"
        onKeyDown={(e) => onKeyDown(e, false)}
        onTouchStart={(e) => {
          const p = e.touches[0];
          touch.current = p ? { x: p.clientX, y: p.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          const p = e.changedTouches[0];
          touch.current = null;
          if (!start || !p || count < 2) return;
          const dx = p.clientX - start.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(p.clientY - start.y)) go(dx < 0 ? index + 1 : index - 1);
        }}
      >
        <img
          key={current.largeUrl}
          src={current.largeUrl}
          srcSet={`${current.thumbUrl} 400w, ${current.largeUrl} 1600w`}
          sizes="(min-width: 62em) 55vw, 100vw"
          width={current.width ?? 1600}
          height={current.height ?? 1200}
          alt={name}
          decoding="async"
          fetchPriority={index === 0 ? 'high' : 'auto'}
          draggable={false}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${classes.nav} ${classes.prev}`}
              onClick={() => go(index - 1)}
              aria-label={t('public.gallery.previous')}
            >
              <IconChevronLeft size={22} aria-hidden />
            </button>
            <button
              type="button"
              className={`${classes.nav} ${classes.next}`}
              onClick={() => go(index + 1)}
              aria-label={t('public.gallery.next')}
            >
              <IconChevronRight size={22} aria-hidden />
            </button>
            <span className={classes.counter} aria-hidden>
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={classes.thumbs} aria-label={t('public.gallery.thumbnails')}>
          {images.map((img, i) => (
            <li key={img.largeUrl}>
              <button
                type="button"
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                className={classes.thumb}
                aria-current={i === index}
                aria-label={t('public.gallery.show', { index: i + 1, count })}
                tabIndex={i === index ? 0 : -1}
                onClick={() => go(i)}
                onKeyDown={(e) => onKeyDown(e, true)}
              >
                <img src={img.thumbUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { Box } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import classes from './TabBar.module.css';

export interface TabLink {
  to: string;
  label: ReactNode;
  /** Marked current only on this exact path (a record's first tab at its own URL). */
  end?: boolean;
}

/**
 * A record's tabs as links (the current one marked for assistive technology by NavLink): one
 * line that scrolls sideways on a phone, bringing the current tab into view (not the page).
 * The project's and the company's headers use it.
 */
export function TabBar({ label, tabs, ready = true }: { label: string; tabs: readonly TabLink[]; ready?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or the first render of the bar
  useEffect(() => {
    const bar = ref.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    const left = current.offsetLeft;
    if (left < bar.scrollLeft || left + current.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = Math.max(0, left - 16);
    }
  }, [pathname, ready]);
  return (
    <Box component="nav" ref={ref} aria-label={label} className={classes.tabs}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end ?? false} className={classes.tab}>
          {tab.label}
        </NavLink>
      ))}
    </Box>
  );
}

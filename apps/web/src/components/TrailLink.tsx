import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link set in text (a page header's trail "project · area", a fact): the text's size, but a target at least 24 px
 * high, as the breadcrumbs are (WCAG 2.2 target size; the links sit side by side on a phone).
 */
export function TrailLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} inherit display="inline-flex" mih={24} style={{ alignItems: 'center' }}>
      {children}
    </Anchor>
  );
}

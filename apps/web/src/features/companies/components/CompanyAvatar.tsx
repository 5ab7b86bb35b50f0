import { Avatar } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DEFAULT_PRIMARY, isHexColor, textOn } from '../brand';

/**
 * The company's logo, or its initials on its main colour in white or black (whichever reads
 * better, so a light brand colour never leaves unreadable initials). Decorative: the name is
 * always written next to it.
 */
export function CompanyAvatar({
  name,
  logo,
  primaryColor,
  size = 32,
}: {
  name: string;
  logo: string | null;
  primaryColor: string;
  size?: number;
}) {
  const bg = isHexColor(primaryColor) ? primaryColor : DEFAULT_PRIMARY;
  const style = { '--avatar-bg': bg, '--avatar-color': textOn(bg) } as CSSProperties;
  return (
    <Avatar src={logo} alt="" radius="sm" size={size} style={style} aria-hidden>
      {name.trim().slice(0, 2).toUpperCase() || '?'}
    </Avatar>
  );
}

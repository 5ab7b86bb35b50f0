import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

interface Props {
  /** The 400 px thumbnail (thumbUrl); null shows a placeholder. */
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  radius?: number;
}

/** A small image in a list or grid: fixed box (no layout shift), lazy, with a placeholder when there is none. */
export function Thumb({ src, alt, width = 48, height = width, radius = 6 }: Props) {
  if (!src) {
    return (
      <Center
        w={width}
        h={height}
        bg="gray.1"
        c="gray.5"
        style={{ borderRadius: radius, flex: 'none' }}
        data-testid="thumb-placeholder"
        aria-hidden
      >
        <IconPhoto size={Math.max(14, Math.min(32, Math.round(Math.min(width, height) / 2.5)))} stroke={1.5} />
      </Center>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      style={{
        objectFit: 'cover',
        borderRadius: radius,
        flex: 'none',
        display: 'block',
        background: 'var(--mantine-color-gray-1)',
      }}
    />
  );
}

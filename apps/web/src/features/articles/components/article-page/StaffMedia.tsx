import type { Media } from '@app/shared/media/media';
import { ActionIcon, Badge, SimpleGrid, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaGalleryField } from '../../../../components/MediaGalleryField';
import { Thumb } from '../../../../components/Thumb';

const MAX_ARTICLE_MEDIA = 50;

interface Props {
  media: Media[];
  impressionId: number | null;
  onMedia: (next: Media[]) => void;
  onImpression: (id: number | null) => void;
  error?: ReactNode;
  canEdit: boolean;
}

/** The article's images in their order; the star makes one the impression lists show. Read-only: thumbnails. */
export function StaffMedia({ media, impressionId, onMedia, onImpression, error, canEdit }: Props) {
  const { t } = useTranslation();
  if (!canEdit) {
    return (
      <SimpleGrid cols={{ base: 3, sm: 5 }}>
        {media.map((m) => (
          <Thumb key={m.id} src={m.thumbUrl} alt={m.originalName} width={120} height={90} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <MediaGalleryField
      id="field-media"
      label={t('articles.fields.media')}
      description={t('articles.detail.mediaHint')}
      value={media}
      onChange={onMedia}
      onRemoved={(m) => {
        if (m.id === impressionId) onImpression(null);
      }}
      max={MAX_ARTICLE_MEDIA}
      error={error}
      renderBadge={(m) =>
        m.id === impressionId ? (
          <Badge size="xs" color="gold" variant="filled">
            {t('articles.fields.impression')}
          </Badge>
        ) : null
      }
      renderActions={(m) => (
        <Tooltip label={t(m.id === impressionId ? 'articles.detail.impressionClear' : 'articles.detail.impressionSet')}>
          <ActionIcon
            variant="subtle"
            color="gold"
            size="sm"
            aria-pressed={m.id === impressionId}
            aria-label={t('articles.detail.impressionFor', { name: m.originalName })}
            onClick={() => onImpression(m.id === impressionId ? null : m.id)}
          >
            {m.id === impressionId ? <IconStarFilled size={14} /> : <IconStar size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    />
  );
}

import type { PortalPost } from '@app/shared/companies/company-posts';
import { Anchor, AspectRatio, Box, Card, Image, Stack, Text, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import classes from './news.module.css';
import { postExcerpt } from './post-excerpt';

/** A post in the news list: image, title (the link), date and the start of the text. */
export function NewsCard({ post }: { post: PortalPost }) {
  const { t } = useTranslation();
  const to = `/news/${post.id}`;
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} component="article">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {post.image ? (
            <Image src={post.image.thumbUrl} alt="" loading="lazy" fit="cover" />
          ) : (
            <Box className={classes.placeholder} aria-hidden>
              <IconNews size={40} stroke={1.25} />
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          <time dateTime={post.publishAt}>{formatDate(post.publishAt)}</time>
        </Text>
        <Title order={2} fz="lg" lh={1.3}>
          <Anchor component={Link} to={to} c="inherit" fw={700} className={classes.titleLink}>
            {post.title}
          </Anchor>
        </Title>
        <Text size="sm" lineClamp={3}>
          {postExcerpt(post.body)}
        </Text>
      </Stack>
      {/* The title's link covers the card; this only says so. */}
      <Text size="sm" fw={500} mt="sm" className={classes.more} aria-hidden>
        {t('portalNews.news.readMore')}
      </Text>
    </Card>
  );
}

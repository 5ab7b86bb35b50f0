import { Anchor, Group, Image, Paper, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/States';
import { formatLongDate } from '../../../lib/dates';
import classes from '../components/news/news.module.css';
import { useNewsPost } from '../news-api';

/** One post of the company's news: title, date, image and text. Another company's post is not found. */
export function NewsPostPage() {
  const { t } = useTranslation();
  const postId = Number(useParams().postId);
  const post = useNewsPost(postId);
  const back = (
    <Anchor component={Link} to="/news" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('portalNews.news.back')}
      </Group>
    </Anchor>
  );
  if (post.error) return <ErrorState error={post.error} onRetry={() => void post.refetch()} />;
  if (!post.data) {
    return (
      <Stack gap="md" maw={820} aria-busy="true" aria-label={t('common.states.loading')}>
        <Skeleton h={36} w="70%" />
        <Skeleton h={16} w={160} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  const p = post.data;
  return (
    <Stack gap="md" maw={820} component="article">
      {back}
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {p.title}
        </Title>
        <Text size="sm" c="dimmed">
          <time dateTime={p.publishAt}>{t('portalNews.news.publishedOn', { date: formatLongDate(p.publishAt) })}</time>
        </Text>
      </Stack>
      {p.image ? (
        <Image
          src={p.image.largeUrl}
          alt=""
          radius="md"
          w="100%"
          h="auto"
          {...(p.image.width && p.image.height ? { width: p.image.width, height: p.image.height } : {})}
        />
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        {/*
         * The body is HTML, rendered as HTML on purpose: the server keeps only what its allowlist
         * lets through (platform/rich-text.ts rebuilds it from a real parser, every text escaped),
         * so no script, handler or style from the editor ever reaches this page.
         */}
        <Typography className={classes.body}>
          <div
            data-testid="news-post-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allowlist (see above)
            dangerouslySetInnerHTML={{ __html: p.body }}
          />
        </Typography>
      </Paper>
      {back}
    </Stack>
  );
}

import {
  COMPLETENESS_LANGUAGES,
  type Completeness,
  type CompletenessLanguage,
  type CompletenessPart,
  type PublishWarningPart,
} from '@app/shared/products/completeness.rules';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { type Section, scrollToSection } from './product-editor/sections';

/** Where in the editor each part is filled in. */
const PART_SECTION: Record<CompletenessPart, Section> = {
  name: 'general',
  description: 'general',
  images: 'media',
  attributes: 'attributes',
  downloads: 'downloads',
};

/** 'omschrijving, afbeeldingen' */
export const partsText = (t: TFunction, parts: readonly CompletenessPart[]) =>
  parts.map((p) => t(`products.completeness.parts.${p}`)).join(', ');

/**
 * Per language a small badge for the products list: "NL ✓" or "NL 3 ontbreken". An incomplete one is
 * a button that shows the missing parts on hover, focus and touch; screen readers hear them in words.
 */
export function CompletenessBadges({ completeness }: { completeness: Completeness }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      {COMPLETENESS_LANGUAGES.map((lang) => {
        const missing = completeness[lang];
        const code = lang.toUpperCase();
        const language = t(`products.completeness.languages.${lang}`);
        if (missing.length === 0) {
          return (
            <Badge key={lang} color="green" variant="light" size="sm" style={{ minHeight: 24 }}>
              <span aria-hidden>{t('products.completeness.badgeComplete', { lang: code })}</span>
              <span className="visually-hidden">{t('products.completeness.badgeCompleteLabel', { language })}</span>
            </Badge>
          );
        }
        const parts = partsText(t, missing);
        return (
          <Tooltip
            key={lang}
            label={`${t('products.completeness.missingIn', { inLanguage: t(`products.completeness.inLanguage.${lang}`) })} ${parts}`}
            events={{ hover: true, focus: true, touch: true }}
            multiline
            maw={260}
            withArrow
          >
            <Badge
              component="button"
              type="button"
              color="orange"
              variant="light"
              size="sm"
              // 24 px high: a target a finger or a shaky hand can hit (WCAG 2.2 target size).
              style={{ cursor: 'help', whiteSpace: 'nowrap', minHeight: 24 }}
            >
              <span aria-hidden>{t('products.completeness.badgeMissing', { lang: code, count: missing.length })}</span>
              <span className="visually-hidden">{t('products.completeness.badgeMissingLabel', { language, parts })}</span>
            </Badge>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

const sameCompleteness = (a: { completeness: Completeness }, b: { completeness: Completeness }) =>
  COMPLETENESS_LANGUAGES.every((l) => a.completeness[l].join() === b.completeness[l].join());

/**
 * The editor's panel: per language what the public page still lacks, each part a link to its section.
 * Rendered again only when that changes, not on every keystroke of the editor.
 */
export const CompletenessPanel = memo(function CompletenessPanel({ completeness }: { completeness: Completeness }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="completeness-title" data-testid="completeness-panel">
      <Title order={2} size="h5" id="completeness-title">
        {t('products.completeness.panelTitle')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('products.completeness.panelIntro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {COMPLETENESS_LANGUAGES.map((lang) => (
          <LanguageCompleteness key={lang} lang={lang} missing={completeness[lang]} />
        ))}
      </SimpleGrid>
    </Card>
  );
}, sameCompleteness);

function LanguageCompleteness({ lang, missing }: { lang: CompletenessLanguage; missing: CompletenessPart[] }) {
  const { t } = useTranslation();
  const language = t(`products.completeness.languages.${lang}`);
  const complete = missing.length === 0;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid={`completeness-${lang}`}>
      <ThemeIcon size="sm" radius="xl" variant="light" color={complete ? 'green' : 'orange'} aria-hidden mt={2}>
        {complete ? <IconCheck size={14} /> : <IconAlertTriangle size={14} />}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600}>
          {language}
        </Text>
        {complete ? (
          <Text size="sm" c="green.8">
            {t('products.completeness.panelComplete')}
          </Text>
        ) : (
          <Text size="sm">
            {t('products.completeness.missingIn', { inLanguage: t(`products.completeness.inLanguage.${lang}`) })}{' '}
            {missing.map((part, i) => (
              <span key={part}>
                {i > 0 ? ', ' : null}
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  c="orange.9"
                  td="underline"
                  aria-label={t('products.completeness.goTo', { part: t(`products.completeness.parts.${part}`) })}
                  onClick={() => scrollToSection(PART_SECTION[part])}
                >
                  {t(`products.completeness.parts.${part}`)}
                </Anchor>
              </span>
            ))}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * Asks before an incomplete product is published ("Dit product mist in het Engels: omschrijving.
 * Toch publiceren?"); resolves true when confirmed. Publishing stays allowed: it is a warning.
 */
export function confirmIncompletePublish(t: TFunction, parts: readonly PublishWarningPart[]): Promise<boolean> {
  return confirmAction({
    title: t('products.completeness.publishTitle'),
    message: (
      <>
        {parts.map((p) => (
          <span key={p.lang} style={{ display: 'block' }}>
            {t('products.completeness.publishLine', {
              inLanguage: t(`products.completeness.inLanguage.${p.lang}`),
              parts: partsText(t, p.missing),
            })}
          </span>
        ))}
        <span style={{ display: 'block', marginTop: 8 }}>{t('products.completeness.publishQuestion')}</span>
      </>
    ),
    confirmLabel: t('products.completeness.publishConfirm'),
  });
}

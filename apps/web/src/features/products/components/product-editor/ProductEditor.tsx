import { publishWarningParts } from '@app/shared/products/completeness.rules';
import { type ProductDetail, productSaveSchema } from '@app/shared/products/products';
import { Alert, Box, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../../components/confirm';
import { DeleteButton } from '../../../../components/DeleteButton';
import { useEditor } from '../../../../components/use-editor';
import { deniedReason } from '../../../../lib/abilities';
import { useAttempt } from '../../../../lib/attempt';
import { zodValidate } from '../../../../lib/form';
import { notify } from '../../../../lib/notify';
import { useDeleteProduct, useSaveProduct } from '../../api';
import { formCompleteness, type ProductFormValues, saveFieldToForm, sectionOf, toFormValues, toSave } from '../../product-form';
import { CompletenessPanel, confirmIncompletePublish } from '../Completeness';
import { AttributesSection } from './AttributesSection';
import { DownloadsSection } from './DownloadsSection';
import { FeaturedSection } from './FeaturedSection';
import { GeneralSection } from './GeneralSection';
import { MediaSection } from './MediaSection';
import { RelatedSection } from './RelatedSection';
import { RoboxSection } from './RoboxSection';
import { SectionNav } from './SectionNav';
import { sectionsWithProblems } from './sections';

interface Props {
  /** The product as loaded (and, after a save, as the page's query holds it). */
  product: ProductDetail;
  reload: () => Promise<ProductDetail | undefined>;
}

/** The product editor: every field of the product, a card per section, saved at once with the version it was based on. */
export function ProductEditor({ product, reload }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const save = useSaveProduct(product.id);
  const remove = useDeleteProduct();
  const editor = useEditor<ProductFormValues, ProductDetail>({
    initialValues: toFormValues(product),
    base: product,
    validate: zodValidate(productSaveSchema, t, { from: (v: ProductFormValues) => toSave(v, 1), rename: saveFieldToForm }),
    fieldErrors: { rename: saveFieldToForm },
    save: (values, base = product) => save.mutateAsync(toSave(values, base.version)),
    toValues: toFormValues,
    savedMessage: (saved) => t('products.edit.saved', { name: saved.nameNl }),
    reload,
  });
  const { form } = editor;
  // Follows the live errors: a fixed field takes its section's mark (and the message) with it.
  const problems = sectionsWithProblems(form.errors, sectionOf);
  const canEdit = product.abilities.canEdit;
  const completeness = formCompleteness(form.values);

  // Switching "published" on for a product the public page would show incomplete asks first;
  // the server does not refuse it. The form's own check goes first, so a form with errors just shows them.
  const submit = (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    const values = form.getValues();
    const publishing = values.published && !(editor.base ?? product).published;
    const parts = publishing ? publishWarningParts(formCompleteness(values)) : [];
    if (parts.length === 0 || form.validate().hasErrors) return editor.formProps.onSubmit();
    void confirmIncompletePublish(t, parts).then((ok) => {
      if (ok) editor.formProps.onSubmit();
    });
  };

  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('products.delete.title'),
      message: t('products.delete.text', { name: product.nameNl }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        // The version is the one the edit is based on: a product someone else changed since is not deleted blindly.
        await remove.mutateAsync({ id: product.id, version: editor.base?.version ?? product.version });
        notify.success(t('products.delete.done', { name: product.nameNl }));
        editor.leave();
        void navigate('/products', { replace: true });
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  return (
    <form {...editor.formProps} onSubmit={submit}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 2 }} visibleFrom="lg">
          <SectionNav problems={problems} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 10 }}>
          <Stack gap="lg">
            {editor.banner}
            {editor.submitFailed && problems.length > 0 ? (
              <Alert color="red" variant="light" role="alert" title={t('products.edit.problemsTitle')}>
                {t('products.edit.problemsText', {
                  sections: problems.map((s) => t(`products.edit.section.${s}`)).join(', '),
                })}
              </Alert>
            ) : null}
            <CompletenessPanel completeness={completeness} />
            {/* Without the right to edit (the server's answer) every field is shown, none is changed. */}
            <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <Stack gap="lg">
                <GeneralSection form={form} product={product} />
                <MediaSection form={form} />
                <AttributesSection form={form} product={product} />
                <RoboxSection form={form} product={product} />
                <DownloadsSection form={form} />
                <RelatedSection form={form} product={product} />
                <FeaturedSection form={form} />
              </Stack>
            </fieldset>
            <Paper
              withBorder
              shadow="sm"
              p="sm"
              radius="md"
              pos="sticky"
              bottom={12}
              style={{ zIndex: 5 }}
              data-testid="save-bar"
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <DeleteButton
                  label={t('products.delete.button')}
                  onClick={() => void handleDelete()}
                  loading={remove.isPending}
                  denied={deniedReason(t, product.abilities, 'canDelete')}
                />
                {canEdit ? (
                  <Group gap="sm" ml="auto" wrap="nowrap">
                    {editor.isDirty ? (
                      <>
                        <Text size="sm" c="dimmed" visibleFrom="md">
                          {t('products.edit.unsaved')}
                        </Text>
                        {/* On a phone only its icon: the bar stays low; the name is still read out. */}
                        <Button
                          variant="default"
                          onClick={editor.reset}
                          disabled={editor.busy}
                          aria-label={t('common.actions.reset')}
                          leftSection={<IconArrowBackUp size={16} />}
                          px={{ base: 'xs', sm: 'md' }}
                        >
                          <Box component="span" visibleFrom="sm">
                            {t('common.actions.reset')}
                          </Box>
                        </Button>
                      </>
                    ) : null}
                    <Button type="submit" loading={editor.busy} disabled={!editor.isDirty}>
                      {t('common.actions.save')}
                    </Button>
                  </Group>
                ) : null}
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

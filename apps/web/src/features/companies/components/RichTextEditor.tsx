import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor as MantineRichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The rich-text field of company news. Only the post editor imports it, so the editor (tiptap,
 * ProseMirror, some 130 KB gzip) is in that route's lazy chunk and nowhere else. (A React.lazy
 * chunk of its own made the bundler split Mantine's Box out of a shared chunk, which put the public
 * catalogue route over its budget.)
 *
 * It offers exactly what the server keeps (apps/server/src/platform/rich-text.ts): paragraphs,
 * bold, italic, underline, strike, h2, h3, bullet and numbered lists, quotes, links (http(s) and
 * mailto) and horizontal rules. Code and other headings are not offered, so nothing typed here is
 * lost on saving. The server sanitises whatever arrives; the editor shows what it saved.
 */

/** A link as the server keeps it: http(s) or mailto. 'example.com' becomes https://example.com, 'a@b.nl' mailto:a@b.nl. */
export function normalizeHref(href: string): string {
  const v = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(v)) return v;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(v)) return `mailto:${v}`;
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(v)) return `https://${v}`;
  return v;
}

const SafeLink = Link.extend({
  addCommands() {
    const base = this.parent?.() ?? {};
    return {
      ...base,
      setLink: (attributes) => (props) => {
        const setLink = base.setLink;
        return setLink ? setLink({ ...attributes, href: normalizeHref(attributes.href) })(props) : false;
      },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(normalizeHref(url)),
  HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
});

const EXTENSIONS = [StarterKit.configure({ code: false, codeBlock: false, link: false, heading: { levels: [2, 3] } }), SafeLink];

/** The editor's HTML, '' when nothing but empty paragraphs is left (the server's "required"). */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

export interface RichTextEditorProps {
  label: string;
  description?: ReactNode;
  /** HTML: the saved (sanitised) body, or what was typed so far. */
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  required?: boolean;
  /** The wrapper's id: the editor finds the field with it after a failed save. */
  id?: string;
  disabled?: boolean;
}

/** A rich-text field: a toolbar (bold … undo/redo) above the text, labelled and described for screen readers. */
export function RichTextEditor({ label, description, value, onChange, error, required, id, disabled }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        'data-testid': 'rich-text-content',
      },
    }),
    [labelId, describedBy, error, required],
  );

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editable: !disabled,
    editorProps,
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A value from outside (the saved body, a reload, a reset) replaces the text; typing does not come back here.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('companies.posts.toolbar.bold'),
      italicControlLabel: t('companies.posts.toolbar.italic'),
      underlineControlLabel: t('companies.posts.toolbar.underline'),
      strikeControlLabel: t('companies.posts.toolbar.strike'),
      clearFormattingControlLabel: t('companies.posts.toolbar.clear'),
      h2ControlLabel: t('companies.posts.toolbar.h2'),
      h3ControlLabel: t('companies.posts.toolbar.h3'),
      bulletListControlLabel: t('companies.posts.toolbar.bulletList'),
      orderedListControlLabel: t('companies.posts.toolbar.orderedList'),
      blockquoteControlLabel: t('companies.posts.toolbar.blockquote'),
      linkControlLabel: t('companies.posts.toolbar.link'),
      unlinkControlLabel: t('companies.posts.toolbar.unlink'),
      undoControlLabel: t('companies.posts.toolbar.undo'),
      redoControlLabel: t('companies.posts.toolbar.redo'),
      linkEditorInputLabel: t('companies.posts.toolbar.linkUrl'),
      linkEditorInputPlaceholder: t('companies.posts.toolbar.linkPlaceholder'),
      linkEditorSave: t('companies.posts.toolbar.linkSave'),
      linkEditorExternalLink: t('companies.posts.toolbar.linkExternal'),
      linkEditorInternalLink: t('companies.posts.toolbar.linkExternal'),
    }),
    [t],
  );

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <MantineRichTextEditor
        editor={editor}
        labels={labels}
        mt={6}
        // Every link opens in a new tab (the server writes target="_blank"): no toggle for it.
        styles={{ linkEditorExternalControl: { display: 'none' } }}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <MantineRichTextEditor.Toolbar sticky stickyOffset={60}>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
            <MantineRichTextEditor.Blockquote />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link initialExternal />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content mih={220} />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}

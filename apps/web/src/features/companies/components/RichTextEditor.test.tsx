import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { normalizeHref, RichTextEditor } from './RichTextEditor';

// Typing and selecting inside ProseMirror need a real browser: e2e/company-posts.spec.ts writes bold text and a list.
function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Tekst"
        description="Koppen en lijsten"
        value={value}
        onChange={setValue}
        error={value ? undefined : 'Schrijf de tekst van het bericht.'}
        required
      />
      <button type="button" onClick={() => setValue('<h2>Van buiten</h2><ul><li><p>een</p></li></ul>')}>
        zet
      </button>
    </>
  );
}

describe('RichTextEditor', () => {
  it('offers exactly the formatting the server keeps, named in Dutch', async () => {
    renderWithProviders(<Field initial="<p>Hallo</p>" />);
    await screen.findByRole('textbox', { name: 'Tekst' });
    const names = [
      'Vet',
      'Cursief',
      'Onderstrepen',
      'Doorhalen',
      'Opmaak wissen',
      'Kop',
      'Tussenkop',
      'Opsomming',
      'Genummerde lijst',
      'Citaat',
      'Link toevoegen of wijzigen',
      'Link weghalen',
      'Ongedaan maken',
      'Opnieuw',
    ];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(names.length + 1);
  });

  it('shows the value as formatted text, labelled and described, and follows a new value from outside', async () => {
    const { user } = renderWithProviders(<Field initial="<p>Hallo <strong>wereld</strong></p>" />);
    const text = await screen.findByRole('textbox', { name: 'Tekst' });
    expect(text).toHaveAccessibleDescription('Koppen en lijsten');
    expect(text).toHaveAttribute('aria-multiline', 'true');
    expect(text.querySelector('strong')).toHaveTextContent('wereld');
    await user.click(screen.getByRole('button', { name: 'zet' }));
    await waitFor(() => expect(text.querySelector('h2')).toHaveTextContent('Van buiten'));
    expect(text.querySelector('ul li')).toHaveTextContent('een');
  });
});

describe('normalizeHref', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    [' http://example.com ', 'http://example.com'],
    ['mailto:info@example.com', 'mailto:info@example.com'],
    ['info@example.com', 'mailto:info@example.com'],
    ['www.example.com/showroom', 'https://www.example.com/showroom'],
    ['example.nl', 'https://example.nl'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['/relative', '/relative'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeHref(input)).toBe(expected);
  });
});

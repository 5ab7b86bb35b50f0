import { Button, PasswordInput, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emailRule, requiredRule } from './light-validation';
import { useSmallForm } from './use-small-form';

type Values = { email: string; password: string };

function SmallForm({ onValid, serverErrors }: { onValid: (v: Values) => void; serverErrors?: Record<string, string> }) {
  const { t } = useTranslation();
  const form = useSmallForm<Values>({ email: '', password: '' }, { email: emailRule(t), password: requiredRule(t) });
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      <TextInput label="E-mailadres" {...form.field('email')} />
      <PasswordInput label="Wachtwoord" {...form.field('password')} />
      <Button type="submit">Versturen</Button>
      {serverErrors ? (
        <Button type="button" onClick={() => form.setErrors(serverErrors)}>
          Server
        </Button>
      ) : null}
    </form>
  );
}

const email = () => screen.getByRole('textbox', { name: 'E-mailadres' });
const password = () => screen.getByLabelText('Wachtwoord');

describe('useSmallForm with the light rules', () => {
  it('blocks submit while invalid and shows every field message', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<SmallForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    // Mantine's PasswordInput sets no aria-invalid; the message is its accessible description.
    expect(password()).toHaveAccessibleDescription('Dit veld is verplicht.');
  });

  it('checks a field on blur, before any submit', async () => {
    const { user } = renderWithProviders(<SmallForm onValid={vi.fn()} />);
    await user.type(email(), 'jan@example');
    expect(screen.queryByText('Vul een geldig e-mailadres in.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.queryByText('Dit veld is verplicht.')).not.toBeInTheDocument();
  });

  it('clears a shown message as soon as the value is fixed', async () => {
    const { user } = renderWithProviders(<SmallForm onValid={vi.fn()} />);
    await user.type(email(), 'jan');
    await user.tab();
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    await user.type(email(), '@example.nl');
    expect(screen.queryByText('Vul een geldig e-mailadres in.')).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('blocks submit while one field is still invalid', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<SmallForm onValid={onValid} />);
    await user.type(email(), 'jan@example.nl');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Dit veld is verplicht.')).toBeInTheDocument();
  });

  it('submits the values once every field is valid', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<SmallForm onValid={onValid} />);
    await user.type(email(), 'jan@example.nl');
    await user.type(password(), 'geheim wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ email: 'jan@example.nl', password: 'geheim wachtwoord' });
    expect(screen.queryByText('Dit veld is verplicht.')).not.toBeInTheDocument();
  });

  it('shows errors set from outside (the server) on their fields', async () => {
    const { user } = renderWithProviders(<SmallForm onValid={vi.fn()} serverErrors={{ email: 'Van de server.' }} />);
    await user.click(screen.getByRole('button', { name: 'Server' }));
    expect(await screen.findByText('Van de server.')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });
});

import { PERMISSIONS, type Permission } from '@app/shared/platform/permissions';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PermissionChecklist } from './PermissionChecklist';

/** Controlled as the role editor uses it; every change is also reported to `spy`. */
function Harness({ initial, spy, disabled }: { initial: string[]; spy: (next: Permission[]) => void; disabled?: boolean }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <PermissionChecklist
      value={value}
      disabled={disabled}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

// Label queries: role queries over ~50 checkboxes cost seconds in jsdom.
const group = (name: string) => screen.getByLabelText(`Alle rechten van ${name}`, { selector: 'input[type="checkbox"]' });
const perm = (name: string) => screen.getByLabelText(name, { selector: 'input[type="checkbox"]' });
const allBoxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));

describe('PermissionChecklist', () => {
  it('lists every permission of the catalogue once, with a toggle per group', () => {
    renderWithProviders(<Harness initial={[]} spy={vi.fn()} />);
    expect(screen.getAllByLabelText(/^Alle rechten van /)).toHaveLength(16);
    expect(allBoxes()).toHaveLength(16 + PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(screen.getByText(p)).toBeInTheDocument();
    expect(perm('Bedrijven beheren')).not.toBeChecked();
  });

  it('the group toggle selects the whole group and keeps other groups', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness initial={['hours.manage']} spy={spy} />);
    await user.click(group('Bedrijven'));
    expect(spy).toHaveBeenLastCalledWith(['companies.act-as-client', 'companies.manage', 'hours.manage']);
    expect(perm('Bedrijven beheren')).toBeChecked();
    expect(perm('Inloggen als klant')).toBeChecked();
    expect(group('Bedrijven')).toBeChecked();
    expect(screen.getByText('2/2')).toBeInTheDocument();
  });

  it('the group toggle clears the whole group when all of it is held', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(
      <Harness initial={['companies.act-as-client', 'companies.manage', 'hours.manage']} spy={spy} />,
    );
    expect(group('Bedrijven')).toBeChecked();
    await user.click(group('Bedrijven'));
    expect(spy).toHaveBeenLastCalledWith(['hours.manage']);
    expect(perm('Bedrijven beheren')).not.toBeChecked();
    expect(perm('Inloggen als klant')).not.toBeChecked();
    expect(group('Bedrijven')).not.toBeChecked();
  });

  it('shows a partly held group as indeterminate, and a click completes it', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness initial={['companies.manage']} spy={spy} />);
    expect(group('Bedrijven')).toBePartiallyChecked();
    expect(group('Gebruikers')).not.toBePartiallyChecked();
    expect(group('Gebruikers')).not.toBeChecked();

    await user.click(group('Bedrijven'));
    expect(spy).toHaveBeenLastCalledWith(['companies.act-as-client', 'companies.manage']);
    expect(group('Bedrijven')).not.toBePartiallyChecked();
    expect(group('Bedrijven')).toBeChecked();
  });

  it('a single permission toggles on its own and turns the group indeterminate', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[]} spy={spy} />);
    await user.click(perm('Inloggen als klant'));
    expect(spy).toHaveBeenLastCalledWith(['companies.act-as-client']);
    expect(group('Bedrijven')).toBePartiallyChecked();
    await user.click(perm('Inloggen als klant'));
    expect(spy).toHaveBeenLastCalledWith([]);
    expect(group('Bedrijven')).not.toBePartiallyChecked();
  });

  it('is wholly disabled for an admin role: nothing can be changed', async () => {
    const spy = vi.fn();
    const { user } = renderWithProviders(<Harness initial={['companies.manage']} spy={spy} disabled />);
    for (const box of allBoxes()) expect(box).toBeDisabled();
    await user.click(group('Bedrijven'));
    await user.click(perm('Inloggen als klant'));
    expect(spy).not.toHaveBeenCalled();
  });
});

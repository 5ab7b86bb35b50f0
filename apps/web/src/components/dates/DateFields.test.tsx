import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { DateField } from './DateField';
import { TimeField } from './TimeField';
import { WeekField } from './WeekField';

function Harness(p: { kind: 'date' | 'time' | 'week'; initial?: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(p.initial ?? '');
  const change = (v: string) => {
    setValue(v);
    p.onChange(v);
  };
  if (p.kind === 'date') return <DateField label="Datum" value={value} onChange={change} />;
  if (p.kind === 'time') return <TimeField label="Begintijd" value={value} onChange={change} />;
  return <WeekField label="Eerste week" value={value} onChange={change} />;
}

describe('DateField', () => {
  beforeEach(() => setTestLanguage('nl'));

  it('shows a day as dd-mm-jjjj and takes a typed Dutch day', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness kind="date" initial="2026-11-30" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Datum' });
    expect(input).toHaveValue('30-11-2026');
    expect(input).toHaveAttribute('placeholder', 'dd-mm-jjjj');
    await user.clear(input);
    await user.type(input, '1-12-2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    await user.tab();
    expect(input).toHaveValue('01-12-2026');
  });

  it('keeps text that is no day, says so once the field is left, and never hands it to the form', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness kind="date" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Datum' });
    await user.type(input, '31-11-2026');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(input).toHaveValue('31-11-2026');
    expect(input).toHaveAccessibleDescription(/dd-mm-jjjj/);
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('opens a calendar that starts on Monday and names the months in the app language', async () => {
    const { user } = renderWithProviders(<Harness kind="date" initial="2026-11-30" onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Kies een datum in de kalender' }));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent(/^ma$/i);
    expect(screen.getByText('november 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende maand' })).toBeInTheDocument();
  });

  it('keeps dd-mm-yyyy and Monday first in English, with English month names', async () => {
    await setTestLanguage('en');
    const { user } = renderWithProviders(<Harness kind="date" initial="2026-11-30" onChange={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Datum' });
    expect(input).toHaveValue('30-11-2026');
    await user.click(screen.getByRole('button', { name: 'Pick a date in the calendar' }));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent(/^mo$/i);
    expect(screen.getByText('November 2026')).toBeInTheDocument();
  });

  it('picks a day in the calendar', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness kind="date" initial="2026-11-30" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Kies een datum in de kalender' }));
    await user.click(await screen.findByRole('button', { name: '3 november 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-03');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Datum' })).toHaveValue('03-11-2026'));
  });
});

describe('TimeField', () => {
  beforeEach(() => setTestLanguage('en'));

  it('takes 24-hour times however they are typed and shows them as hh:mm once left', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness kind="time" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Begintijd' });
    expect(input).toHaveAttribute('placeholder', 'hh:mm');
    await user.type(input, '1730');
    expect(onChange).toHaveBeenLastCalledWith('17:30');
    await user.tab();
    expect(input).toHaveValue('17:30');
  });

  it('hands what cannot be a time to the form as typed, so its check can say why', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness kind="time" onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Begintijd' }), { target: { value: '25:00' } });
    expect(onChange).toHaveBeenLastCalledWith('25:00');
  });
});

describe('WeekField', () => {
  beforeEach(() => setTestLanguage('nl'));

  it('picks the week of any day clicked in a calendar with week numbers', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness kind="week" initial="2026-W48" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Kies een week in de kalender' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('48')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '18 november 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-W47');
    expect(screen.getByRole('textbox', { name: 'Eerste week' })).toHaveValue('2026-W47');
  });
});

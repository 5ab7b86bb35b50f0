import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { media } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyLogoField } from './CompanyLogoField';

const notify = mockNotify();

function Harness({ start, canEdit = true, companyId = 7 }: { start: string | null; canEdit?: boolean; companyId?: number }) {
  const [logo, setLogo] = useState(start);
  return (
    <>
      <CompanyLogoField
        companyId={companyId}
        name="Nordic Star Cruises"
        logo={logo}
        primaryColor="#123456"
        canEdit={canEdit}
        onChange={setLogo}
      />
      <output data-testid="logo">{logo ?? 'none'}</output>
    </>
  );
}

const png = new File([new Uint8Array(1024)], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyLogoField', () => {
  it('uploads an image and saves it as the logo', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/media') return json(201, { data: [media(31, { originalName: 'logo.png' })], rejected: [] });
      if (req.path === '/api/companies/7/logo') return json(200, { data: company({ logo: '/api/media/31/thumb' }) });
      return undefined;
    });
    const { user } = renderWithProviders(<Harness start={null} />);
    await user.upload(screen.getByLabelText('Logo uploaden'), png);
    await waitFor(() => expect(screen.getByTestId('logo')).toHaveTextContent('/api/media/31/thumb'));
    expect(f.to('/api/companies/7/logo', 'PUT')[0]?.body).toEqual({ mediaId: 31 });
    expect(notify.success).toHaveBeenCalledWith('Het logo van Nordic Star Cruises is opgeslagen.');
    expect(screen.getByRole('button', { name: 'Logo vervangen' })).toBeInTheDocument();
  });

  it('removes the logo only after a question', async () => {
    const f = mockFetch((req) =>
      req.path === '/api/companies/7/logo' ? json(200, { data: company({ logo: null }) }) : undefined,
    );
    const { user } = renderWithProviders(<Harness start="/api/media/31/thumb" />);
    await user.click(screen.getByRole('button', { name: 'Logo weghalen' }));
    const dialog = await screen.findByRole('dialog');
    expect(f.to('/api/companies/7/logo')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Logo weghalen' }));
    await waitFor(() => expect(screen.getByTestId('logo')).toHaveTextContent('none'));
    expect(f.to('/api/companies/7/logo', 'PUT')[0]?.body).toEqual({ mediaId: null });
  });

  it('offers no change without the right, and none before the company exists', () => {
    const { unmount } = renderWithProviders(<Harness start={null} canEdit={false} />);
    expect(screen.queryByLabelText('Logo uploaden')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<Harness start={null} companyId={0} />);
    expect(screen.queryByLabelText('Logo uploaden')).not.toBeInTheDocument();
    expect(screen.getByText('Een logo voeg je toe nadat het bedrijf is aangemaakt.')).toBeInTheDocument();
  });
});

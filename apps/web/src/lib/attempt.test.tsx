import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../test/i18n';
import { mockNotify } from '../../test/notify';
import { ApiError } from './api';
import { type Attempt, notifyError, useAttempt } from './attempt';

const notify = mockNotify();

const stale = new ApiError(409, { code: 'STALE_VERSION' });
const gone = new ApiError(404, { code: 'ROLE_NOT_FOUND' });
const staleText = () => i18n.t('errors.STALE_VERSION');
const goneText = () => i18n.t('errors.ROLE_NOT_FOUND');

function attempt(): Attempt {
  return renderHook(() => useAttempt()).result.current;
}

describe('useAttempt', () => {
  it('answers the result and shows no error when the action succeeds', async () => {
    expect(await attempt()(async () => 7)).toBe(7);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows errors.<CODE> as the one error toast and answers undefined, never throwing', async () => {
    expect(
      await attempt()(async () => {
        throw gone;
      }),
    ).toBeUndefined();
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith(goneText());
  });

  it('runs onError first; a true answer means it told the person itself (no toast)', async () => {
    const onError = vi.fn();
    await attempt()(() => Promise.reject(gone), { onError });
    expect(onError).toHaveBeenCalledWith(gone);
    expect(notify.error).toHaveBeenCalledWith(goneText());

    notify.error.mockClear();
    await attempt()(() => Promise.reject(gone), { onError: () => true });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('onStale takes a STALE_VERSION instead of the toast (with staleToast as well), and leaves other errors to the toast', async () => {
    const onStale = vi.fn();
    await attempt()(() => Promise.reject(stale), { onStale });
    expect(onStale).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();

    await attempt()(() => Promise.reject(stale), { onStale, staleToast: true });
    expect(onStale).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenCalledWith(staleText());

    notify.error.mockClear();
    await attempt()(() => Promise.reject(gone), { onStale });
    expect(onStale).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenCalledWith(goneText());
  });
});

describe('notifyError', () => {
  it('passes the toast id on when there is one', () => {
    const t = i18n.t.bind(i18n);
    notifyError(t, gone);
    expect(notify.error).toHaveBeenLastCalledWith(goneText());
    notifyError(t, new Error('boom'), { id: 'editor-1' });
    expect(notify.error).toHaveBeenLastCalledWith(i18n.t('errors.UNKNOWN'), { id: 'editor-1' });
  });
});

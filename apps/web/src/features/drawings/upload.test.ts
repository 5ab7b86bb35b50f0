import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../test/cookies';
import { ApiError } from '../../lib/api';
import { drawingFileProblem, previewKind, uploadDrawingFile } from './upload';

/** A stand-in XMLHttpRequest that reports two progress events and answers `status` with `body`. */
function fakeXhr(status: number, body: unknown) {
  const sent: { url: string; headers: Record<string, string>; form: FormData | null }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private entry = { url: '', headers: {} as Record<string, string>, form: null as FormData | null };
    open(_method: string, url: string) {
      this.entry.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.entry.headers[k] = v;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      this.entry.form = form;
      sent.push(this.entry);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadDrawingFile', () => {
  it('posts one file as purpose=drawing with the CSRF token and reports the progress', async () => {
    setXsrfCookie('tok');
    const sent = fakeXhr(201, { data: [{ id: 5 }], rejected: [] });
    const progress: number[] = [];
    const res = await uploadDrawingFile(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), (p) => progress.push(p));
    expect(res.data[0]?.id).toBe(5);
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]?.url).toBe('/api/files?purpose=drawing');
    expect(sent[0]?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect((sent[0]?.form?.get('files') as File | undefined)?.name).toBe('a.pdf');
  });

  it('turns a refusal into an ApiError with its code', async () => {
    setXsrfCookie('tok');
    fakeXhr(413, { code: 'PAYLOAD_TOO_LARGE', message: 'x' });
    const err = await uploadDrawingFile(new File(['x'], 'a.pdf'), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(413);
  });
});

describe('what a drawing file may be', () => {
  it('takes PDF, images and ZIP up to 500 MB, and previews images and PDFs', () => {
    expect(drawingFileProblem(new File(['x'], 'plan.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(drawingFileProblem(new File(['x'], 'plan.zip', { type: '' }))).toBeNull();
    expect(drawingFileProblem(new File(['x'], 'plan.docx', { type: 'application/msword' }))).toBe('type');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 501 * 1024 * 1024 });
    expect(drawingFileProblem(big)).toBe('size');
    expect(previewKind({ mime: 'image/png' })).toBe('image');
    expect(previewKind({ mime: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ mime: 'application/zip' })).toBe('download');
  });
});

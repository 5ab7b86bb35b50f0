import { vi } from 'vitest';

/** One upload the app sent through XMLHttpRequest. */
export interface RecordedUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The files in the form, in order. */
  files: File[];
}

export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * The uploads that show their progress (features/drawings/upload.ts) go through XMLHttpRequest,
 * which mockFetch does not see. This replaces XMLHttpRequest for the current test (undone by
 * vi.unstubAllGlobals in setup.ts): each upload is recorded, reports half and then all of its body
 * as sent, and is answered by `answer` a microtask later, the way a server would. Nothing else
 * in the app uses XMLHttpRequest in these tests.
 */
export function mockUploads(answer: (req: RecordedUpload) => UploadAnswer): { requests: RecordedUpload[] } {
  const requests: RecordedUpload[] = [];
  class UploadRequest {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private req: RecordedUpload = { method: '', url: '', headers: {}, files: [] };
    private aborted = false;

    open(method: string, url: string) {
      this.req.method = method.toUpperCase();
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(form: FormData) {
      this.req.files = [...form.values()].filter((v): v is File => v instanceof File);
      requests.push(this.req);
      void Promise.resolve().then(() => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        const res = answer(this.req);
        this.status = res.status;
        this.responseText = JSON.stringify(res.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  return { requests };
}

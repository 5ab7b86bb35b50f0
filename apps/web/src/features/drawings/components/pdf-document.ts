// Loaded only when a drawing's preview is a PDF (a dynamic import from PdfViewer): pdf.js and its
// worker never land in the app's own bundles.
import * as pdfjs from 'pdfjs-dist';
// The worker as a plain asset: fetched by the browser the first time a PDF is opened.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { currentActingAsHeader } from '../../../lib/api';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface RemotePdf {
  pages: number;
  /** Draws one page on the canvas, `cssWidth` CSS pixels wide (sharp on high-density screens). */
  draw: (page: number, canvas: HTMLCanvasElement, cssWidth: number) => Promise<void>;
  close: () => void;
}

/**
 * Opens a PDF from its address with range requests: only the bytes a shown page needs are read
 * (no streaming, no pre-fetching), so a 200 MB drawing opens without being downloaded whole.
 */
export async function openRemotePdf(url: string): Promise<RemotePdf> {
  const actingAs = currentActingAsHeader();
  const task = pdfjs.getDocument({
    url,
    withCredentials: true,
    disableAutoFetch: true,
    // pdf.js only stops pre-fetching when streaming is off too.
    disableStream: true,
    // No eval (the app's CSP forbids it), no fonts fetched from elsewhere.
    isEvalSupported: false,
    useSystemFonts: true,
    httpHeaders: actingAs ? { 'Acting-As': actingAs } : undefined,
  });
  const doc = await task.promise;
  let rendering: { cancel: () => void } | null = null;
  return {
    pages: doc.numPages,
    draw: async (pageNumber, canvas, cssWidth) => {
      rendering?.cancel();
      const page = await doc.getPage(pageNumber);
      const unit = page.getViewport({ scale: 1 });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const scale = (cssWidth / unit.width) * ratio;
      const viewport = page.getViewport({ scale });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      canvas.style.width = `${Math.round(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.round(viewport.height / ratio)}px`;
      const task = page.render({ canvas, viewport, background: '#ffffff' });
      rendering = task;
      try {
        await task.promise;
      } catch (err) {
        // A newer draw replaced this one.
        if (err instanceof Error && err.name === 'RenderingCancelledException') return;
        throw err;
      } finally {
        if (rendering === task) rendering = null;
      }
    },
    close: () => {
      rendering?.cancel();
      void task.destroy();
    },
  };
}

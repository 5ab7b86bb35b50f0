// Loaded only when someone picks a PDF as a floor plan (a dynamic import from PlanPickerField):
// pdf.js and its worker never land in the app's own bundles.
import { MAX_IMAGE_BYTES } from '@app/shared/media/media';
import * as pdfjs from 'pdfjs-dist';
// The worker as a plain asset: fetched by the browser the first time a PDF is opened.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** A floor plan is rendered about this wide: sharp on a 1600 px plan view, small enough to upload. */
export const PLAN_RENDER_WIDTH = 2000;

export interface OpenedPdf {
  pages: number;
  /** One page as an image file (PNG; JPEG when a PNG would be over the upload limit), `width` px wide. */
  render: (page: number, width?: number) => Promise<File>;
  /** A small picture of one page to choose by (an object URL; revoke it when done). */
  preview: (page: number, width?: number) => Promise<string>;
  close: () => void;
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas could not be encoded'))), type, quality),
  );

/** Opens a PDF in the browser (nothing leaves the machine until a rendered page is uploaded). */
export async function openPdf(file: File): Promise<OpenedPdf> {
  const data = new Uint8Array(await file.arrayBuffer());
  // No eval (the app's CSP forbids it), no fonts or wasm fetched from elsewhere.
  const doc = await pdfjs.getDocument({ data, isEvalSupported: false, useSystemFonts: true }).promise;

  const draw = async (pageNumber: number, width: number) => {
    const page = await doc.getPage(pageNumber);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unit.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    page.cleanup();
    return canvas;
  };

  const baseName = file.name.replace(/\.pdf$/i, '') || 'plattegrond';
  return {
    pages: doc.numPages,
    render: async (pageNumber, width = PLAN_RENDER_WIDTH) => {
      const canvas = await draw(pageNumber, width);
      let blob = await toBlob(canvas, 'image/png');
      let ext = 'png';
      if (blob.size > MAX_IMAGE_BYTES) {
        blob = await toBlob(canvas, 'image/jpeg', 0.9);
        ext = 'jpg';
      }
      canvas.width = 0;
      canvas.height = 0;
      const suffix = doc.numPages > 1 ? `-p${pageNumber}` : '';
      return new File([blob], `${baseName}${suffix}.${ext}`, { type: blob.type });
    },
    preview: async (pageNumber, width = 360) => {
      const canvas = await draw(pageNumber, width);
      const url = URL.createObjectURL(await toBlob(canvas, 'image/png'));
      canvas.width = 0;
      canvas.height = 0;
      return url;
    },
    close: () => void doc.destroy(),
  };
}

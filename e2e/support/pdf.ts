/**
 * A valid PDF (pages of 600 × 800 pt) for a drawing's file in the browser tests: each page shows
 * the label (with its page number when there are several) in big letters and a frame, which pdf.js
 * renders. `padding` bytes of an unreferenced stream before the pages make a large file whose
 * pages need only a few of its bytes (pdf.js reads it with range requests).
 */
export function testPdf(label: string, { pages = 1, padding = 0 }: { pages?: number; padding?: number } = {}): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (let i = 0; i < pages; i++) {
    const text = pages === 1 ? label : `${label} p${i + 1}`;
    const content = `BT /F1 48 Tf 72 500 Td (${text}) Tj ET 0 0 1 RG 8 w 60 60 m 540 60 l 540 740 l 60 740 l h S`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  if (padding > 0) objects.push(`<< /Length ${padding} >>\nstream\n${'0'.repeat(padding)}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A one-page PDF with the label. */
export const onePagePdf = (label: string): Buffer => testPdf(label);

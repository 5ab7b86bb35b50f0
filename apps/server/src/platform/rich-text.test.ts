import { describe, expect, it } from 'vitest';
import { richTextToPlain, safeHref, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it.each([
    ['<p>Hallo <strong>wereld</strong></p>', '<p>Hallo <strong>wereld</strong></p>'],
    ['<p><b>vet</b> en <i>schuin</i></p>', '<p><strong>vet</strong> en <em>schuin</em></p>'],
    ['<h2>Titel</h2><ul><li>een</li><li>twee</li></ul>', '<h2>Titel</h2><ul><li>een</li><li>twee</li></ul>'],
    ['<p>regel<br>twee</p><hr>', '<p>regel<br>twee</p><hr>'],
    // Not allowed: the tag goes, the text stays.
    ['<div class="x"><span style="color:red">tekst</span></div>', 'tekst'],
    ['<p onclick="alert(1)" class="a">klik</p>', '<p>klik</p>'],
    ['<h1>Groot</h1>', 'Groot'],
    // Script and embedded content go with their content.
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<style>p{}</style><p>x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.test"><p>in</p></iframe><p>uit</p>', '<p>uit</p>'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<img src=x onerror=alert(1)>beeld', 'beeld'],
    // Links: only http(s) and mailto, with rel and target set by us.
    [
      '<a href="https://example.com/a?b=1&amp;c=2" onclick="x">link</a>',
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    ],
    ['<a href="javascript:alert(1)">kwaad</a>', 'kwaad'],
    ['<a href="  JaVaScRiPt:alert(1)">kwaad</a>', 'kwaad'],
    ['<a href="java&#x0A;script:alert(1)">kwaad</a>', 'kwaad'],
    ['<a href="data:text/html,x">kwaad</a>', 'kwaad'],
    [
      '<a href="mailto:info@example.test">mail</a>',
      '<a href="mailto:info@example.test" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    ],
    // Text is escaped; entities are decoded then written safely.
    ['<p>1 &lt; 2 &amp; "q"</p>', '<p>1 &lt; 2 &amp; "q"</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    // Always well nested, also from broken input.
    ['<p><strong>open', '<p><strong>open</strong></p>'],
    ['<strong><em>a</strong>b</em>', '<strong><em>a</em></strong>b'],
    // A stray end tag of a paragraph makes an empty paragraph, as browsers do.
    ['</p>los', '<p></p>los'],
    // Nothing but whitespace is empty.
    ['<p> </p><p><br></p>', ''],
    ['', ''],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('is idempotent: sanitising stored text again changes nothing', () => {
    const once = sanitizeRichText('<p>a <a href="https://x.test">b</a> <span>c</span><script>d</script></p><ul><li>e');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('safeHref and richTextToPlain', () => {
  it('accepts only http(s) and mailto without control characters', () => {
    expect(safeHref('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHref('ftp://a.test')).toBeNull();
    expect(safeHref('https://a.test/\u0000')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });

  it('turns stored text into plain text', () => {
    expect(richTextToPlain('<h2>Nieuws</h2><p>Dek 5 &amp; 6 klaar</p><ul><li>een</li><li>twee</li></ul>')).toBe(
      'Nieuws\nDek 5 & 6 klaar\neen\ntwee',
    );
  });
});

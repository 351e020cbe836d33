/** The little XML the feeds and the sitemap need: escaped text and attribute values. */

// Characters XML 1.0 does not allow at all, not even as character references: C0 controls other
// than tab/newline/return, lone surrogates, U+FFFE and U+FFFF. One of them would make the whole
// document unreadable for a strict parser, so they are dropped.
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe both as element content and inside a double- or single-quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(notXmlChar, '').replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);
}

/** `<name a="…">text</name>`, with the text and the attribute values escaped. */
export function textElement(name: string, text: string, attributes: Record<string, string> = {}): string {
  return `<${name}${attributesOf(attributes)}>${escapeXml(text)}</${name}>`;
}

/** `<name a="…"/>`, with the attribute values escaped. */
export function emptyElement(name: string, attributes: Record<string, string>): string {
  return `<${name}${attributesOf(attributes)}/>`;
}

function attributesOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
}

/** A W3C date-time (what Atom and sitemaps expect) from epoch milliseconds. */
export function isoTime(ms: number): string {
  return new Date(Number.isFinite(ms) && ms > 0 ? ms : 0).toISOString();
}

import { DomUtils, parseDocument } from 'htmlparser2';

function absoluteWebUrl(value: string, base: string): string | undefined {
  try {
    const url = new URL(value, `${base}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Rendered, sanitised HTML adjusted for feed readers, which see it away from the site: images get
 * back the `src` the web moved to `data-src` for lazy loading, and site-relative links and images
 * become absolute. Only values the sanitiser already accepted are touched, and only http(s)
 * results are kept, so nothing new can be introduced here.
 */
export function feedHtml(html: string, baseUrl: string): string {
  const document = parseDocument(html);
  for (const image of DomUtils.getElementsByTagName('img', document)) {
    const source = image.attribs['data-src'];
    delete image.attribs['data-src'];
    delete image.attribs.src;
    const url = source ? absoluteWebUrl(source, baseUrl) : undefined;
    if (url) image.attribs.src = url;
  }
  for (const link of DomUtils.getElementsByTagName('a', document)) {
    const href = link.attribs.href;
    if (href === undefined || /^mailto:/i.test(href)) continue;
    const url = absoluteWebUrl(href, baseUrl);
    if (url) link.attribs.href = url;
    else delete link.attribs.href;
  }
  return DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' });
}

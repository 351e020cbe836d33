// The single allow-list every piece of user HTML passes through, and the link/image rewriting the web
// expects (docs/legacy-api.md §4.13). Markdown is rendered first and then goes through the same path as HTML input.
import sanitize from 'sanitize-html';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { RenderOptions } from './options';

const highlightClass = /^(hljs|language-)[\w-]*$/;

const userAttributes: Record<string, sanitize.AllowedAttribute[]> = {
  // target and rel are decided by rewriteLinksAndImages, never taken from the user.
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  // Markdown table alignment arrives as `align` (see render-markdown.ts) because style is never allowed.
  th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
};

const allowListOptions: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'kbd',
    'mark',
    'small',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'pre',
    'code',
    'a',
    'img',
  ],
  allowedAttributes: userAttributes,
  // Only highlight.js output may carry classes, so user HTML cannot borrow the site's own styles.
  allowedClasses: {
    code: [highlightClass],
    span: [/^hljs-[\w-]*$/],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  // The text inside these would only be noise (script source, CSS, fallback markup), so drop it as well.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'template',
    'title',
    'xmp',
    'svg',
    'math',
  ],
};

const externalRel = 'nofollow noopener noreferrer';

// Re-run after the rewrite so the sanitiser has the last word on everything sent to browsers, including
// the attributes the rewrite adds (attribute values get fully escaped, data-src gets the scheme check).
const finalPassOptions: sanitize.IOptions = {
  ...allowListOptions,
  allowedAttributes: {
    ...userAttributes,
    a: [
      'href',
      'title',
      { name: 'target', multiple: false, values: ['_blank'] },
      { name: 'rel', multiple: false, values: [externalRel] },
    ],
    img: ['data-src', 'alt', 'title'],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'data-src'],
};

// Stands in for the site when no baseUrl is known: then only relative links count as internal.
const placeholderBase = 'https://internal.invalid/';

function siteBase(options: RenderOptions | undefined): URL {
  if (options) {
    try {
      return new URL(options.baseUrl);
    } catch {
      // A misconfigured baseUrl must not break rendering; every absolute link is then external.
    }
  }
  return new URL(placeholderBase);
}

/**
 * The browser's own reading of an href (WHATWG URL, which also folds `\`, tabs and newlines), so the
 * internal/external decision cannot be fooled by spellings the allow-list accepted as relative.
 */
function resolveHref(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
}

/**
 * Reads a URL the way the laxest browser might, ignoring every space, control and invisible character,
 * and tells whether it names a scheme other than http, https or mailto. Stricter than the WHATWG
 * parser on purpose: a URL that looks like `java\u2028script:` to anyone is not worth keeping.
 */
function hasForbiddenScheme(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be ignored here
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\s\0-\x1f\x7f-\x9f\u200b-\u200f]/g, ''))?.[1];
  return scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme.toLowerCase());
}

function rewriteLinksAndImages(html: string, options: RenderOptions | undefined): string {
  const base = siteBase(options);
  const redirectPrefix = options?.urlRedirect
    ? `${options.baseUrl.replace(/\/+$/, '')}/redirect?url=`
    : undefined;
  const document = parseDocument(html);

  for (const link of DomUtils.getElementsByTagName('a', document)) {
    const href = link.attribs.href;
    if (href !== undefined) {
      const url = hasForbiddenScheme(href) ? undefined : resolveHref(href, base);
      // Second line of defence: whatever the allow-list let through must still be a web or mail URL.
      if (!url || !['http:', 'https:', 'mailto:'].includes(url.protocol)) {
        delete link.attribs.href;
      } else if (url.host !== base.host || url.protocol === 'mailto:') {
        link.attribs.target = '_blank';
        link.attribs.rel = externalRel;
        if (redirectPrefix && url.protocol !== 'mailto:') {
          link.attribs.href = redirectPrefix + encodeURIComponent(url.href);
        }
      }
    }
    if (!link.attribs.title) {
      const text = DomUtils.textContent(link).replace(/\s+/g, ' ').trim();
      if (text) link.attribs.title = text;
    }
  }

  // The web lazy-loads images from data-src; without src the browser fetches nothing up front.
  for (const image of DomUtils.getElementsByTagName('img', document)) {
    const src = image.attribs.src;
    delete image.attribs.src;
    if (src && !hasForbiddenScheme(src)) image.attribs['data-src'] = src;
  }

  return DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' });
}

/**
 * Safe HTML for display from user-supplied HTML (legacy `contentType=html`): the allow-list, then the
 * same link and image rewriting as renderMarkdown. Without options every absolute link is external
 * and nothing is redirected.
 */
export function sanitizeHtml(html: string, options?: RenderOptions): string {
  const allowed = sanitize(html.replace(/\0/g, ''), allowListOptions);
  return sanitize(rewriteLinksAndImages(allowed, options), finalPassOptions);
}

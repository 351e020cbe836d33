// Known XSS payloads and an HTML checker, kept as data so every test that renders user content
// (markdown, feeds, pages) can run the same corpus against its own output.
import { Parser } from 'htmlparser2';

export interface XssPayload {
  name: string;
  input: string;
}

export const xssCorpus: readonly XssPayload[] = [
  { name: 'script tag', input: '<script>alert(1)</script>' },
  { name: 'script tag with src', input: '<script src="https://evil.example/x.js"></script>' },
  { name: 'uppercase script', input: '<SCRIPT>alert(1)</SCRIPT>' },
  { name: 'split script tag', input: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { name: 'unclosed script', input: '<script>alert(1)' },
  { name: 'script inside markdown paragraph', input: 'hello <script>alert(1)</script> world' },
  { name: 'img onerror', input: '<img src=x onerror=alert(1)>' },
  { name: 'img onerror quoted', input: '<img src="x" onerror="alert(1)">' },
  { name: 'img onerror without quotes and slash', input: '<img/src=x/onerror=alert(1)>' },
  { name: 'img onerror mixed case', input: '<IMG SRC=x OnErRoR=alert(1)>' },
  { name: 'img javascript src', input: '<img src="javascript:alert(1)">' },
  { name: 'img dynsrc', input: '<img dynsrc="javascript:alert(1)">' },
  { name: 'svg onload', input: '<svg onload=alert(1)>' },
  { name: 'svg script', input: '<svg><script>alert(1)</script></svg>' },
  {
    name: 'svg animate href',
    input: '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>',
  },
  { name: 'body onload', input: '<body onload=alert(1)>' },
  { name: 'div onmouseover', input: '<div onmouseover="alert(1)">hover</div>' },
  { name: 'details ontoggle', input: '<details open ontoggle=alert(1)>' },
  { name: 'input autofocus onfocus', input: '<input autofocus onfocus=alert(1)>' },
  { name: 'markdown javascript link', input: '[x](javascript:alert(1))' },
  { name: 'markdown javascript link uppercase', input: '[x](JAVASCRIPT:alert(1))' },
  { name: 'markdown javascript link with entity', input: '[x](&#106;avascript:alert(1))' },
  { name: 'markdown javascript link with tab entity', input: '[x](jav&#x09;ascript:alert(1))' },
  { name: 'markdown javascript link url-encoded', input: '[x](javascript%3Aalert(1))' },
  { name: 'markdown javascript link in angle brackets', input: '[x](<javascript:alert(1)>)' },
  { name: 'markdown vbscript link', input: '[x](vbscript:msgbox(1))' },
  { name: 'markdown data link', input: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { name: 'markdown reference javascript link', input: '[x][1]\n\n[1]: javascript:alert(1)' },
  { name: 'markdown autolink javascript', input: '<javascript:alert(1)>' },
  { name: 'markdown autolink data', input: '<data:text/html,<script>alert(1)</script>>' },
  { name: 'linkified javascript text', input: 'go to javascript:alert(1) now' },
  { name: 'markdown image javascript', input: '![x](javascript:alert(1))' },
  { name: 'markdown image data svg', input: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'markdown image data png', input: '![x](data:image/png;base64,iVBORw0KGgo=)' },
  { name: 'markdown image alt breaking out', input: '![x" onerror="alert(1)](y)' },
  { name: 'markdown image title breaking out', input: '![x](y "a\\" onerror=\\"alert(1)")' },
  {
    name: 'markdown link title with quotes',
    input: '[x](https://example.com "a\\" onmouseover=\\"alert(1)")',
  },
  { name: 'markdown link url with quote', input: '[x](https://example.com/"onmouseover="alert(1))' },
  { name: 'markdown link text with html', input: '[<img src=x onerror=alert(1)>](https://example.com)' },
  { name: 'markdown code fence language injection', input: '```"><script>alert(1)</script>\ncode\n```' },
  { name: 'markdown code fence javascript language', input: '```javascript:alert(1)\nx\n```' },
  {
    name: 'html entity javascript href',
    input: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  { name: 'hex entity javascript href', input: '<a href="&#x6A;avascript:alert(1)">x</a>' },
  { name: 'entity without semicolon', input: '<a href="&#106avascript:alert(1)">x</a>' },
  { name: 'tab inside scheme', input: '<a href="jav\tascript:alert(1)">x</a>' },
  { name: 'tab entity inside scheme', input: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'newline entity inside scheme', input: '<a href="jav&#x0A;ascript:alert(1)">x</a>' },
  { name: 'leading spaces before scheme', input: '<a href="  javascript:alert(1)">x</a>' },
  { name: 'leading control character before scheme', input: '<a href="\x01javascript:alert(1)">x</a>' },
  { name: 'mixed case scheme', input: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: 'colon entity', input: '<a href="javascript&colon;alert(1)">x</a>' },
  { name: 'vbscript href', input: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: 'data html href',
    input: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  { name: 'unquoted javascript href', input: '<a href=javascript:alert(1)>x</a>' },
  { name: 'a with onclick', input: '<a href="https://example.com" onclick="alert(1)">x</a>' },
  { name: 'a with xlink href', input: '<a xlink:href="javascript:alert(1)">x</a>' },
  { name: 'iframe', input: '<iframe src="https://evil.example"></iframe>' },
  { name: 'iframe srcdoc', input: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'iframe javascript', input: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'object data', input: '<object data="javascript:alert(1)"></object>' },
  { name: 'embed src', input: '<embed src="javascript:alert(1)">' },
  { name: 'style tag', input: '<style>body{background:url(javascript:alert(1))}</style>' },
  { name: 'style attribute expression', input: '<p style="width: expression(alert(1))">x</p>' },
  { name: 'style attribute url', input: '<div style="background-image: url(javascript:alert(1))">x</div>' },
  { name: 'link stylesheet', input: '<link rel="stylesheet" href="https://evil.example/x.css">' },
  {
    name: 'math mutation',
    input:
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  },
  { name: 'math href', input: '<math href="javascript:alert(1)">click</math>' },
  { name: 'svg style mutation', input: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  {
    name: 'noscript mutation',
    input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: 'template mutation', input: '<template><script>alert(1)</script></template>' },
  { name: 'comment breakout', input: '<!--><img src=x onerror=alert(1)>-->' },
  { name: 'cdata', input: '<![CDATA[<script>alert(1)</script>]]>' },
  { name: 'base href', input: '<base href="javascript:alert(1)//">' },
  { name: 'meta refresh', input: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'form action', input: '<form action="javascript:alert(1)"><button>go</button></form>' },
  { name: 'button formaction', input: '<button formaction="javascript:alert(1)">go</button>' },
  { name: 'textarea breakout', input: '<textarea></textarea><script>alert(1)</script></textarea>' },
  { name: 'title breakout', input: '<title></title><img src=x onerror=alert(1)>' },
  { name: 'nested unclosed tags', input: '<div><p><a href="javascript:alert(1)"><b>x' },
  {
    name: 'attribute without closing quote',
    input: '<a href="https://example.com onmouseover=alert(1) x=">y</a>',
  },
  { name: 'null byte in tag name', input: '<scr\0ipt>alert(1)</scr\0ipt>' },
  { name: 'null byte in scheme', input: '<a href="java\0script:alert(1)">x</a>' },
  { name: 'null byte in markdown link', input: '[x](java\0script:alert(1))' },
  { name: 'unicode escaped tag', input: '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e' },
  { name: 'fullwidth brackets', input: '＜script＞alert(1)＜/script＞' },
  { name: 'unicode line separator in scheme', input: '<a href="java\u2028script:alert(1)">x</a>' },
  { name: 'zero width space in scheme', input: '[x](java\u200bscript:alert(1))' },
  { name: 'percent encoded scheme', input: '<a href="%6A%61%76%61%73%63%72%69%70%74:alert(1)">x</a>' },
  { name: 'protocol relative script host', input: '<script src=//evil.example/x.js></script>' },
  { name: 'code class injection', input: '<code class="hljs x onload=alert(1)">x</code>' },
  {
    name: 'span with hljs class and style',
    input: '<span class="hljs-keyword" style="color:red" onclick="alert(1)">x</span>',
  },
  { name: 'img srcset', input: '<img srcset="javascript:alert(1) 1x">' },
  { name: 'video poster', input: '<video poster="javascript:alert(1)"><source onerror="alert(1)"></video>' },
  { name: 'audio onerror', input: '<audio src=x onerror=alert(1)>' },
  { name: 'marquee onstart', input: '<marquee onstart=alert(1)>x</marquee>' },
  { name: 'table background', input: '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>' },
  { name: 'isindex', input: '<isindex type=image src=1 onerror=alert(1)>' },
  {
    name: 'xml namespace script',
    input: '<html xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></html>',
  },
  { name: 'markdown html block', input: '<div>\n\n<script>alert(1)</script>\n\n</div>' },
  { name: 'markdown inline html', input: 'a <img src=x onerror=alert(1)> b' },
  {
    name: 'markdown table with html',
    input: '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  },
  { name: 'markdown blockquote with html', input: '> <iframe src=javascript:alert(1)>' },
  { name: 'markdown nested link and image', input: '[![x](javascript:alert(1))](javascript:alert(2))' },
];

export interface XssFinding {
  tag: string;
  attribute?: string;
  value?: string;
}

const forbiddenTags = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'style',
  'svg',
  'math',
  'form',
  'base',
  'meta',
  'link',
  'input',
  'button',
  'textarea',
  'template',
  'noscript',
]);
const urlAttributes = new Set([
  'href',
  'src',
  'data-src',
  'action',
  'formaction',
  'xlink:href',
  'srcset',
  'poster',
]);

/** Scheme of a URL as a browser would read it: entities are already decoded, control characters and spaces ignored. */
function urlScheme(value: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i
    .exec(value.replace(/[\0-\x20\x7f-\x9f\u200b\u2028\u2029]+/g, ''))?.[1]
    ?.toLowerCase();
}

/**
 * Parses rendered HTML and lists everything that could run script: forbidden elements, event handler
 * or style attributes, and javascript:/vbscript:/data: URLs. An empty list means the HTML is safe.
 */
export function findXss(html: string): XssFinding[] {
  const findings: XssFinding[] = [];
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (forbiddenTags.has(tag)) findings.push({ tag });
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute) || attribute === 'style') findings.push({ tag, attribute, value });
          const scheme = urlAttributes.has(attribute) ? urlScheme(value) : undefined;
          if (scheme && ['javascript', 'vbscript', 'data'].includes(scheme))
            findings.push({ tag, attribute, value });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return findings;
}

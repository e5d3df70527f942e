import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for blog HTML: structure and emphasis, links to http(s)/mailto, images from
 * http(s) or our uploads. No script, style, iframe, event handler or javascript: URL survives.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'img',
    'br',
    'hr',
    'figure',
    'figcaption',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeBlogHtml(html: string): string {
  // Relative /uploads/ images are ours: let them through by making them look absolute for the check.
  const clean = sanitizeHtml(html.replace(/src="\/uploads\//g, 'src="https://uploads.local/uploads/'), SANITIZE);
  return clean.replace(/src="https:\/\/uploads\.local\/uploads\//g, 'src="/uploads/');
}

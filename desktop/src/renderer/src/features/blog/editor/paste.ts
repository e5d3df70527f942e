/**
 * What is left of HTML pasted from a word processor or a web page before the editor reads it. The editor's schema keeps
 * only what the server's allowlist (server/src/services/blog/sanitize.ts) lets through anyway — headings, paragraphs,
 * emphasis, lists, quotes, code, links, images, rules — so this only undoes what the schema would misread: Word's list
 * paragraphs and their typed bullets, Office's namespaced tags, a page's own title heading, and images that live only on
 * the copier's disk or in the clipboard (file:, data:, blob:) and would reach the server as broken links.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;

  body
    .querySelectorAll(
      'script, style, meta, link, title, xml, iframe, frame, object, embed, noscript, template, svg, canvas, form, input, button, select, textarea',
    )
    .forEach((n) => n.remove());
  removeComments(doc, body);
  wordListsToLists(doc, body);
  // Office's own tags (<o:p>, <v:shape>, <w:sdt>): their text stays, the tag goes.
  [...body.querySelectorAll('*')].filter((el) => el.tagName.includes(':')).forEach(unwrap);

  // The post's title is its page's h1 and the editor's headings are h2–h4: a pasted h1 is a section, h5/h6 its smallest.
  body.querySelectorAll('h1').forEach((h) => rename(doc, h, 'h2'));
  body.querySelectorAll('h5, h6').forEach((h) => rename(doc, h, 'h4'));

  body.querySelectorAll('img').forEach((img) => {
    if (!/^(https?:\/\/|\/uploads\/)/i.test(img.getAttribute('src') ?? '')) img.remove();
  });
  body.querySelectorAll('a').forEach((a) => {
    if (!/^(https?:|mailto:)/i.test(a.getAttribute('href') ?? '')) unwrap(a);
  });
  // Event handlers never matter to the schema; dropping them keeps the string honest for anyone who logs it.
  body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
  });
  return body.innerHTML;
}

function removeComments(doc: Document, root: Node) {
  const walker = doc.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.parentNode?.removeChild(c));
}

function unwrap(el: Element) {
  el.replaceWith(...el.childNodes);
}

function rename(doc: Document, el: Element, tag: string) {
  const next = doc.createElement(tag);
  next.append(...el.childNodes);
  el.replaceWith(next);
}

/**
 * Word writes a list as paragraphs of class MsoListParagraph* (or with mso-list in their style) whose first span, marked
 * mso-list:Ignore, holds the typed bullet or number. Runs of them become one <ul> or <ol>, without the typed marker.
 */
function wordListsToLists(doc: Document, body: HTMLElement) {
  const isListParagraph = (el: Element | null): el is HTMLElement =>
    !!el && el.tagName === 'P' && (/MsoListParagraph/i.test(el.className) || /mso-list:\s*l\d/i.test(el.getAttribute('style') ?? ''));
  for (const first of [...body.querySelectorAll('p')]) {
    if (!first.isConnected || !isListParagraph(first)) continue;
    // Word closes a list with …CxSpLast and opens the next with …CxSpFirst, even when nothing stands between them.
    const run: HTMLElement[] = [first];
    for (let el = first.nextElementSibling; isListParagraph(el) && !/CxSpFirst/i.test(el.className); el = el.nextElementSibling) {
      if (/CxSpLast/i.test(run.at(-1)?.className ?? '')) break;
      run.push(el);
    }
    const marker = markerOf(first);
    const list = doc.createElement(/^\(?[0-9a-z]{1,3}[.)]/i.test(marker) ? 'ol' : 'ul');
    first.before(list);
    for (const p of run) {
      markerSpans(p).forEach((s) => s.remove());
      const li = doc.createElement('li');
      li.append(...p.childNodes);
      list.append(li);
      p.remove();
    }
  }
  // A marker span outside a recognised list paragraph is still Word's typed bullet, never text.
  markerSpans(body).forEach((s) => s.remove());
}

function markerSpans(root: Element): Element[] {
  return [...root.querySelectorAll('[style]')].filter((s) => /mso-list:\s*ignore/i.test(s.getAttribute('style') ?? ''));
}

function markerOf(p: Element): string {
  return (markerSpans(p)[0]?.textContent ?? '').replace(/\s+/g, '').trim();
}

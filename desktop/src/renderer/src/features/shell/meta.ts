import { useEffect } from 'react';
import { TEXTS } from '@mahalle/shared';
import { noteServerHead } from '../../ssr/frame';

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined) {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  // A page without the tag must not inherit the previous page's.
  if (value === undefined) {
    existing?.remove();
    return;
  }
  let el = existing;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

/** Title, description, keywords, social-preview tags and the canonical link of a page. */
export function usePageMeta(meta: { title: string; description?: string; keywords?: string; image?: string; canonical?: string }) {
  const title = meta.title ? `${meta.title} | ${TEXTS.app.name}` : TEXTS.app.title;
  const description = meta.description ?? TEXTS.app.description;
  // A page drawn on the server has its title in the document it is sent in (ssr/entry-server.tsx).
  noteServerHead({ title, description });
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('name', 'keywords', meta.keywords || undefined);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:image', meta.image || undefined);
    setMeta('name', 'twitter:card', 'summary');
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = window.location.origin + (meta.canonical ?? window.location.pathname);
  }, [title, description, meta.keywords, meta.image, meta.canonical]);
}

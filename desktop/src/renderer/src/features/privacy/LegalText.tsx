import type { ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A legal text's body as the organiser typed it: plain text with a little Markdown (`#`/`##`
 * headings, `-` lists, blank lines between paragraphs). Rendered as React elements, never as HTML.
 */
export function LegalText({ body }: { body: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<Typography.Paragraph key={blocks.length}>{paragraph.join(' ')}</Typography.Paragraph>);
    if (list.length)
      blocks.push(
        <ul key={blocks.length} style={{ marginTop: 0 }}>
          {list.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    list = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push(
        <Typography.Title key={blocks.length} level={heading[1] === '#' ? 3 : 4} style={{ marginTop: 16 }}>
          {heading[2]}
        </Typography.Title>,
      );
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list.push(line.replace(/^[-*]\s+/, ''));
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return <div className="legal-text">{blocks}</div>;
}

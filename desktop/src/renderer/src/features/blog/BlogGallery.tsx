import { Image, Space } from 'antd';
import { mediaUrl } from '../../components/common';

/** A blog post's gallery (antd's image), loaded only for a post that has one. */
export default function BlogGallery({ gallery }: { gallery: { url: string; caption: string }[] }) {
  return (
    <Image.PreviewGroup>
      <Space wrap style={{ marginTop: 16 }}>
        {gallery.map((g) => (
          <a key={g.url} href={mediaUrl(g.url)} target="_blank" rel="noopener noreferrer" title="Yeni sekmede aç">
            <Image src={mediaUrl(g.url)} width={160} alt={g.caption} preview={false} />
          </a>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

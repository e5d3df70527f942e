import { useState } from 'react';
import { Button, Card, Result, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { STATIC_CATEGORIES } from '@mahalle/shared';
import { PostList } from '../posts/PostList';
import { GroupIcon } from '../hobby-groups/icons';
import { usePageMeta } from '../shell/meta';
import { Heading, PlainH1 } from '../../components/Heading';
import { useCategories } from '../../api/meta';

const SORTS = [
  { key: 'newest', label: 'En yeni' },
  { key: 'popular', label: 'En popüler' },
  { key: 'commented', label: 'En çok yorumlanan' },
] as const;

export default function CategoryPage() {
  const params = useParams();
  const key = decodeURIComponent(params.name ?? '').toLocaleLowerCase('tr');
  const category = STATIC_CATEGORIES.find((c) => c.key === key);
  const [sort, setSort] = useState<(typeof SORTS)[number]['key']>('newest');
  const { data: counts = [] } = useCategories();
  usePageMeta({
    title: category ? `${category.name} Kategorisi` : 'Kategori Bulunamadı',
    description: category ? `${category.name} ile ilgili paylaşımlar ve topluluk içerikleri.` : undefined,
    keywords: category ? `${category.name}, hobi, topluluk` : undefined,
    canonical: `/category/${params.name}`,
  });
  if (!category)
    return (
      <Result
        status="404"
        title={<PlainH1>Kategori Bulunamadı</PlainH1>}
        subTitle="Aradığınız kategori mevcut değil"
        extra={<Link to="/categories">Kategorilere dön</Link>}
      />
    );
  const postCount = counts.find((c) => c.key === category.key)?.postCount ?? 0;
  return (
    <div>
      <script type="application/ld+json">
        {JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: `Mahalle - ${category.name}` })}
      </script>
      <Card style={{ borderTop: `4px solid ${category.color}`, marginBottom: 16 }}>
        <Space align="center">
          <GroupIcon name={category.icon} color={category.color} size={40} />
          <div>
            <Heading level={1} look={2} style={{ margin: 0 }}>
              {category.name}
            </Heading>
            <Typography.Paragraph style={{ margin: '4px 0' }}>{category.name} ile ilgili paylaşımlar ve topluluk içerikleri.</Typography.Paragraph>
            <Typography.Text type="secondary">{postCount} gönderi</Typography.Text>
          </div>
        </Space>
      </Card>
      <Space style={{ marginBottom: 12 }}>
        {SORTS.map((s) => (
          <Tag.CheckableTag key={s.key} checked={sort === s.key} onChange={() => setSort(s.key)}>
            {s.label}
          </Tag.CheckableTag>
        ))}
      </Space>
      <PostList
        feed={{ category: category.key, sort }}
        empty={
          <Card style={{ textAlign: 'center' }}>
            <Typography.Paragraph>Bu kategoride henüz gönderi yok.</Typography.Paragraph>
            <Link to="/">
              <Button type="primary">İlk gönderiyi paylaş</Button>
            </Link>
          </Card>
        }
      />
    </div>
  );
}

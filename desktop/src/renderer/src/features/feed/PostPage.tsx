import { useParams, Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/client';
import type { Post } from '../../api/types';
import { NotFound, PageSpinner } from '../../components/common';
import { PostCard } from './PostCard';
import { usePageMeta } from '../shell/meta';
import { visuallyHidden } from '../../components/Heading';

export default function PostPage() {
  const { id } = useParams();
  const { data, isLoading, isError } = useQuery({ queryKey: ['posts', 'one', id], queryFn: () => get<Post>(`/api/posts/${id}`) });
  usePageMeta({ title: data ? `${data.author.displayName}: ${data.content.slice(0, 40)}` : 'Gönderi', description: data?.content });
  if (isLoading) return <PageSpinner />;
  if (isError || !data) return <NotFound title="Gönderi bulunamadı" back={{ to: '/', label: 'Ana sayfaya dön' }} />;
  return (
    <div>
      <h1 style={visuallyHidden}>Gönderi</h1>
      <Link to="/">← Ana Sayfa</Link>
      <PostCard post={data} large />
    </div>
  );
}

import { useParams, Link } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { usePost } from '../../api/posts';
import { NotFound, PageSpinner } from '../../components/common';
import { PostCard } from './PostCard';
import { PostComments } from './PostComments';
import { usePageMeta } from '../shell/meta';
import { visuallyHidden } from '../../components/Heading';

export default function PostPage() {
  const { id } = useParams();
  const postId = Number(id);
  const { data, isLoading, isError } = usePost(postId);
  usePageMeta({ title: data ? `${data.author.displayName}: ${data.content.slice(0, 40)}` : 'Gönderi', description: data?.content });
  if (isLoading) return <PageSpinner />;
  if (isError || !data) return <NotFound title={TEXTS.social.postNotFound} back={{ to: '/', label: 'Ana sayfaya dön' }} />;
  return (
    <div>
      <h1 style={visuallyHidden}>Gönderi</h1>
      <Link to="/">← Ana Sayfa</Link>
      <PostCard post={data} large onComments={() => document.getElementById('comments-title')?.scrollIntoView({ block: 'start' })} />
      <PostComments post={data} />
    </div>
  );
}

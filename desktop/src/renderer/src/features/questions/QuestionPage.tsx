import { Suspense, useDeferredValue } from 'react';
import { theme } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CheckCircleFilled, EyeOutlined, LikeFilled, LikeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAnswers, useQuestion, useUpvoteQuestion } from '../../api/questions';
import { useUpvoteAnswer } from '../../api/answers';
import { useSession } from '../../stores/session';
import { NotFound, PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LEAN_LIST } from '../../components/lean/LeanList';
import { LeanSpace as Space } from '../../components/lean/LeanSpace';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { Secondary } from '../../components/lean/Secondary';
import { ListSkeleton } from '../../components/ListSkeleton';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { BlockedCollapse } from '../../components/BlockedCollapse';
import { ItemStateTags } from '../../components/ItemStateTags';

// What only a member does here (answer, accept, report, delete, mute, block) comes with antd's input and dialogs, for members only:
// a visitor's question paints from the lean components.
const AnswerActions = lazy(() => import('./QuestionSignedInParts').then((m) => ({ default: m.AnswerActions })));
const AnswerForm = lazy(() => import('./QuestionSignedInParts').then((m) => ({ default: m.AnswerForm })));
const QuestionMenu = lazy(() => import('./QuestionSignedInParts').then((m) => ({ default: m.QuestionMenu })));

const PARAGRAPH: React.CSSProperties = { marginTop: 12, marginBottom: '1em', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' };

export default function QuestionPage() {
  const id = Number(useParams().id);
  const user = useSession((s) => s.user);
  const { token } = theme.useToken();
  const { notification, message } = useApp();
  const { data: q, isLoading, isError } = useQuestion(id);
  const answerPages = useAnswers(id, !!q);
  // The answers render in the background (a transition React can pause for input), not in one long task when they arrive.
  const answerData = useDeferredValue(answerPages.data);
  const answers = answerData?.pages.flatMap((p) => p.items) ?? [];
  const loadingAnswers = answerPages.isLoading || (!answerData && !!answerPages.data);
  const upvoteQuestion = useUpvoteQuestion();
  const upvoteAnswer = useUpvoteAnswer();
  usePageMeta({ title: q?.title ?? 'Soru', description: q?.content.slice(0, 160) });
  if (isLoading) return <PageSpinner />;
  if (isError || !q) return <NotFound title={TEXTS.community.questionNotFound} back={{ to: '/qa', label: 'Sorulara dön' }} />;
  const act = (p: Promise<unknown>, ok?: string, fail = 'İşlem başarısız oldu', okDescription?: string) =>
    p
      .then(() => {
        if (ok) notification.success({ message: ok, description: okDescription });
      })
      .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, fail) }));
  const needLogin = () => {
    if (!user) {
      notification.info({ message: TEXTS.auth.loginRequired, description: TEXTS.auth.loginShort });
      return true;
    }
    return false;
  };
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) await navigator.share({ title: q.title, url }).catch(() => undefined);
    else {
      await navigator.clipboard.writeText(url).catch(() => undefined);
      message.success('Link kopyalandı');
    }
  };
  return (
    <div>
      <Link to="/qa">← Sorular</Link>
      <Card style={{ marginTop: 8 }}>
        <Heading level={1} look={3}>
          {q.title}
        </Heading>
        <Space wrap>
          <Tag>{q.category.name}</Tag>
          {q.isAnswered && <Tag color="green">Cevaplandı</Tag>}
          <ItemStateTags item={q} />
          {q.tags.map((t) => (
            <Tag key={t} color="purple">
              #{t}
            </Tag>
          ))}
          <span>
            <EyeOutlined /> {q.views}
          </span>
          <Secondary>{fromNow(q.createdAt)}</Secondary>
        </Space>
        <BlockedCollapse blocked={q.blockedAuthor}>
          <div style={PARAGRAPH}>{q.content}</div>
        </BlockedCollapse>
        <Space>
          <UserAvatar user={q.author} size={28} />
          <UserName user={q.author} />
          <Button
            icon={q.userHasUpvoted ? <LikeFilled /> : <LikeOutlined />}
            onClick={() => !needLogin() && void act(upvoteQuestion.mutateAsync(q.id))}
            aria-label="Oyla"
          >
            {q.upvotes}
          </Button>
          <Button icon={<ShareAltOutlined />} onClick={() => void share()}>
            Paylaş
          </Button>
          {user && user.id !== q.author.id && (
            <Suspense fallback={null}>
              <QuestionMenu question={q} />
            </Suspense>
          )}
        </Space>
      </Card>
      <Heading level={2} look={4} style={{ marginTop: 16 }}>
        {q.answersCount} Cevap
      </Heading>
      {loadingAnswers ? (
        <ListSkeleton />
      ) : answers.length === 0 ? (
        <div style={{ padding: 16, textAlign: 'center', color: token.colorTextTertiary }}>Henüz cevap yok. İlk cevabı sen yaz!</div>
      ) : (
        <ul style={LEAN_LIST}>
          {answers.map((a) => (
            <li key={a.id}>
              <Card
                size="small"
                style={{ marginBottom: 8, borderColor: a.isAccepted ? '#52c41a' : undefined }}
                data-testid="answer"
                id={`answer-${a.id}`}
                className="anchor-target"
              >
                {a.isAccepted && (
                  <Tag color="green" icon={<CheckCircleFilled />}>
                    Kabul edilen cevap
                  </Tag>
                )}
                <ItemStateTags item={a} />
                <BlockedCollapse blocked={a.blockedAuthor}>
                  <div style={{ ...PARAGRAPH, marginTop: 4 }}>{a.content}</div>
                </BlockedCollapse>
                <Space wrap>
                  <UserAvatar user={a.author} size={24} />
                  <UserName user={a.author} />
                  <Secondary>{fromNow(a.createdAt)}</Secondary>
                  <Button
                    size="small"
                    icon={a.userHasUpvoted ? <LikeFilled /> : <LikeOutlined />}
                    onClick={() => !needLogin() && void act(upvoteAnswer.mutateAsync(a.id))}
                    aria-label="Cevabı oyla"
                  >
                    {a.upvotes}
                  </Button>
                  {user && (
                    <Suspense fallback={null}>
                      <AnswerActions question={q} answer={a} act={act} />
                    </Suspense>
                  )}
                </Space>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {answerPages.hasNextPage && (
        <Button block onClick={() => void answerPages.fetchNextPage()} loading={answerPages.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
      {/* Drawn once the answers are in: under their skeleton it would move down as they arrive (a layout shift). */}
      {loadingAnswers ? null : user ? (
        // The form's height is kept while its code arrives, so nothing below it moves.
        <Suspense fallback={<div style={{ marginTop: 12, minHeight: 178 }} />}>
          <AnswerForm questionId={q.id} />
        </Suspense>
      ) : (
        <Card style={{ marginTop: 12, textAlign: 'center' }}>
          <p style={{ marginTop: 0, marginBottom: '1em' }}>Cevap yazmak için giriş yapın.</p>
          <Link to="/login">
            <Button type="primary">Giriş Yap</Button>
          </Link>
        </Card>
      )}
    </div>
  );
}

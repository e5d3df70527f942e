import { useState } from 'react';
import { Button, Card, Input, List, Result, Space, Tag, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { CheckCircleFilled, DeleteOutlined, EyeOutlined, LikeFilled, LikeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAnswerQuestion, useAnswers, useQuestion, useUpvoteQuestion } from '../../api/questions';
import { useAcceptAnswer, useDeleteAnswer, useUpvoteAnswer } from '../../api/answers';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { ReportButton } from '../admin/ReportDialog';
import { Heading, PlainH1 } from '../../components/Heading';

export default function QuestionPage() {
  const id = Number(useParams().id);
  const user = useSession((s) => s.user);
  const { notification, message, modal } = useApp();
  const [text, setText] = useState('');
  const { data: q, isLoading, isError } = useQuestion(id);
  const answerPages = useAnswers(id, !!q);
  const answers = answerPages.data?.pages.flatMap((p) => p.items) ?? [];
  const upvoteQuestion = useUpvoteQuestion();
  const answerQuestion = useAnswerQuestion(id);
  const upvoteAnswer = useUpvoteAnswer();
  const acceptAnswer = useAcceptAnswer();
  const deleteAnswer = useDeleteAnswer();
  usePageMeta({ title: q?.title ?? 'Soru', description: q?.content.slice(0, 160) });
  if (isLoading) return <PageSpinner />;
  if (isError || !q) return <Result status="404" title={<PlainH1>{TEXTS.community.questionNotFound}</PlainH1>} extra={<Link to="/qa">Sorulara dön</Link>} />;
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
  const answer = async () => {
    try {
      await answerQuestion.mutateAsync(text);
      setText('');
      notification.success({ message: 'Cevap eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Cevap eklenirken bir hata oluştu.') });
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
          {q.tags.map((t) => (
            <Tag key={t} color="purple">
              #{t}
            </Tag>
          ))}
          <span>
            <EyeOutlined /> {q.views}
          </span>
          <Typography.Text type="secondary">{fromNow(q.createdAt)}</Typography.Text>
        </Space>
        <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{q.content}</Typography.Paragraph>
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
        </Space>
      </Card>
      <Heading level={2} look={4} style={{ marginTop: 16 }}>
        {q.answersCount} Cevap
      </Heading>
      <List
        dataSource={answers}
        locale={{ emptyText: 'Henüz cevap yok. İlk cevabı sen yaz!' }}
        renderItem={(a) => (
          <List.Item style={{ display: 'block', padding: 0, borderBlockEnd: 0 }}>
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
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{a.content}</Typography.Paragraph>
              <Space wrap>
                <UserAvatar user={a.author} size={24} />
                <UserName user={a.author} />
                <Typography.Text type="secondary">{fromNow(a.createdAt)}</Typography.Text>
                <Button
                  size="small"
                  icon={a.userHasUpvoted ? <LikeFilled /> : <LikeOutlined />}
                  onClick={() => !needLogin() && void act(upvoteAnswer.mutateAsync(a.id))}
                  aria-label="Cevabı oyla"
                >
                  {a.upvotes}
                </Button>
                {user && user.id !== a.author.id && <ReportButton targetType="answer" targetId={a.id} />}
                {user?.id === q.authorId && !a.isAccepted && (
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    onClick={() => void act(acceptAnswer.mutateAsync(a.id), 'Cevap kabul edildi', 'Cevap kabul edilemedi', 'Soru işaretlendi ve kapatıldı.')}
                  >
                    Kabul Et
                  </Button>
                )}
                {user?.role === 'admin' && (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="Cevabı sil"
                    onClick={() =>
                      modal.confirm({
                        title: TEXTS.confirm.deleteAnswer,
                        content: TEXTS.confirm.cannotUndo,
                        okText: TEXTS.confirm.ok,
                        cancelText: TEXTS.confirm.cancel,
                        okButtonProps: { danger: true },
                        onOk: () => act(deleteAnswer.mutateAsync(a.id), 'Cevap silindi'),
                      })
                    }
                  />
                )}
              </Space>
            </Card>
          </List.Item>
        )}
      />
      {answerPages.hasNextPage && (
        <Button block onClick={() => void answerPages.fetchNextPage()} loading={answerPages.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
      {user ? (
        <Card title="Cevabın" size="small" style={{ marginTop: 12 }}>
          <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 3 }} aria-label="Cevabın" />
          <Button type="primary" style={{ marginTop: 8 }} onClick={() => void answer()} loading={answerQuestion.isPending} disabled={!text.trim()}>
            Cevapla
          </Button>
        </Card>
      ) : (
        <Card style={{ marginTop: 12, textAlign: 'center' }}>
          <Typography.Paragraph>Cevap yazmak için giriş yapın.</Typography.Paragraph>
          <Link to="/login">
            <Button type="primary">Giriş Yap</Button>
          </Link>
        </Card>
      )}
    </div>
  );
}

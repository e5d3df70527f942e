import { useState } from 'react';
import { Button, Card, Input } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { TEXTS, type Answer, type Question } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useAnswerQuestion } from '../../api/questions';
import { useAcceptAnswer, useDeleteAnswer } from '../../api/answers';
import { useSession } from '../../stores/session';
import { toastWrite } from '../../components/ItemStateTags';
import { useApp } from '../../components/LazyFeedback';
import { ReportButton } from '../admin/ReportDialog';
import { MemberMenu } from '../blocks/BlockMuteReport';

/**
 * A question page's parts only a signed-in member gets (report, accept, delete an answer; mute or block the author
 * of the question or an answer; the answer form): loaded with antd's button, input and dialogs when a member opens
 * the page, never for a visitor's first paint.
 */
export function AnswerActions({
  question: q,
  answer: a,
  act,
}: {
  question: Question;
  answer: Answer;
  act: (p: Promise<unknown>, ok?: string, fail?: string, okDescription?: string) => Promise<unknown>;
}) {
  const user = useSession((s) => s.user);
  const { modal } = useApp();
  const acceptAnswer = useAcceptAnswer();
  const deleteAnswer = useDeleteAnswer();
  if (!user) return null;
  return (
    <>
      {user.id !== a.author.id && <ReportButton targetType="answer" targetId={a.id} />}
      <MemberMenu author={a.author} label={TEXTS.blocks.menus.answer} blocked={a.blockedAuthor} />
      {user.id === q.authorId && !a.isAccepted && (
        <Button
          size="small"
          type="primary"
          ghost
          onClick={() => void act(acceptAnswer.mutateAsync(a.id), 'Cevap kabul edildi', 'Cevap kabul edilemedi', 'Soru işaretlendi ve kapatıldı.')}
        >
          Kabul Et
        </Button>
      )}
      {user.role === 'admin' && (
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
    </>
  );
}

/** The question's '⋯' menu (someone else's question): mute or block its author. */
export function QuestionMenu({ question: q }: { question: Question }) {
  const user = useSession((s) => s.user);
  return (
    <>
      {user && user.id !== q.authorId && <ReportButton targetType="question" targetId={q.id} />}
      <MemberMenu author={q.author} label={TEXTS.blocks.menus.question} blocked={q.blockedAuthor} />
    </>
  );
}

/** 'Cevabın': the member's answer form under the answers. */
export function AnswerForm({ questionId }: { questionId: number }) {
  const { notification } = useApp();
  const [text, setText] = useState('');
  const answerQuestion = useAnswerQuestion(questionId);
  const answer = async () => {
    try {
      const added = await answerQuestion.mutateAsync(text);
      setText('');
      toastWrite(notification, added, { message: 'Cevap eklendi' });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Cevap eklenirken bir hata oluştu.') });
    }
  };
  return (
    <Card title="Cevabın" size="small" style={{ marginTop: 12 }}>
      <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 3 }} aria-label="Cevabın" />
      <Button type="primary" style={{ marginTop: 8 }} onClick={() => void answer()} loading={answerQuestion.isPending} disabled={!text.trim()}>
        Cevapla
      </Button>
    </Card>
  );
}

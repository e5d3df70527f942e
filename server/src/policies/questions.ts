import { moderatesSite, isSelf, type Actor } from './actor';
import { acrossBlock, ALLOW, notPermitted, refuse, signedOut, type Decision } from './decision';

/**
 * Q&A is a shared space: everyone reads every question and answer (across a block the blocker's
 * pages flag the other's), members answer and vote, and a block refuses answering or voting on
 * the other's question or answer.
 */
export interface QuestionContext {
  /** Null once the author's account is gone. */
  authorId: number | null;
  /** A block between the actor and the author, either way. */
  blocked: boolean;
}

/** Answering a question, voting on a question or an answer. Taking one's vote back is always allowed. */
export function canInteract(actor: Actor, target: QuestionContext, adding = true): Decision {
  if (!actor) return signedOut();
  return adding ? acrossBlock(target) : ALLOW;
}
export const canAnswer = (actor: Actor, question: QuestionContext) => canInteract(actor, question);
export const canVote = canInteract;

/** Only the question's author accepts an answer. */
export function canAccept(actor: Actor, question: Pick<QuestionContext, 'authorId'>): Decision {
  return isSelf(actor, question.authorId) ? ALLOW : refuse({ reason: 'question_author_only' });
}

/** Editing and removing questions and answers is moderation. */
export function canModerate(actor: Actor): Decision {
  return moderatesSite(actor) ? ALLOW : notPermitted();
}

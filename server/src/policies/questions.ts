import { moderatesSite, isSelf, type Actor } from './actor';
import { acrossBlock, ALLOW, hidden, notPermitted, refuse, signedOut, type Decision } from './decision';

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
  /** Hidden by a moderator or the community, or held for approval by a watched word. */
  isHidden?: boolean;
}

/** A hidden (or held) question is seen by its author and the site's moderators; to anyone else it is not there. */
export function canView(actor: Actor, question: Pick<QuestionContext, 'authorId' | 'isHidden'>): Decision {
  return !question.isHidden || isSelf(actor, question.authorId) || moderatesSite(actor) ? ALLOW : hidden('question');
}

/**
 * Answering a question, voting on a question or an answer. Taking one's vote back is always
 * allowed. A hidden question takes no answers and no votes, from anyone: it is not there to them.
 */
export function canInteract(actor: Actor, target: QuestionContext, adding = true): Decision {
  if (!actor) return signedOut();
  if (target.isHidden) return hidden('question');
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

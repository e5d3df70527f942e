import { LeanTag as Tag } from './lean/LeanTag';
import { TEXTS } from '@mahalle/shared';

/**
 * The marks an item carries for the few who see it while others do not: "Onay bekliyor" for its
 * author while a watched word holds it, "Gizlendi" for the moderators who see hidden items.
 */
export function ItemStateTags({ item }: { item: { pendingApproval?: boolean; isHidden?: boolean } }) {
  return (
    <>
      {item.pendingApproval && (
        <Tag color="gold" title={TEXTS.watchedWords.pendingItemHelp} data-testid="pending-approval">
          {TEXTS.watchedWords.pending}
        </Tag>
      )}
      {item.isHidden && (
        <Tag color="orange" title={TEXTS.community.hiddenMarkHelp} data-testid="hidden-mark">
          {TEXTS.community.hiddenMark}
        </Tag>
      )}
    </>
  );
}

/**
 * After a member's write: the usual success toast, or "Onay bekliyor" when a watched word holds
 * what they wrote (the answer's `pendingApproval`), so they know why others do not see it yet.
 */
export function toastWrite(
  notification: { success(a: { message: string; description?: string }): void; info(a: { message: string; description?: string }): void },
  item: unknown,
  done: { message: string; description?: string },
) {
  if (item && typeof item === 'object' && (item as { pendingApproval?: boolean }).pendingApproval)
    notification.info({ message: TEXTS.watchedWords.pending, description: TEXTS.watchedWords.pendingItemHelp });
  else notification.success(done);
}

/**
 * The marks a workspace row carries, read as the member pages read them (ItemStateTags): a held
 * item is hidden and pending, and shows only "Onay bekliyor"; "Gizlendi" is for the others hidden.
 */
export function itemState(r: { is_hidden?: boolean | number; pending_approval?: boolean | number }) {
  const pendingApproval = Boolean(r.pending_approval);
  return { pendingApproval, isHidden: Boolean(r.is_hidden) && !pendingApproval };
}

/**
 * The same marks on a member's answer, where an unmarked item carries neither field. `withHidden`
 * is for the kinds a moderator also reads hidden (events, group posts and events, questions); the
 * other kinds are shown hidden to nobody but their author, and only while held.
 */
export function itemMarks(
  r: { is_hidden?: boolean | number; pending_approval?: boolean | number },
  withHidden = false,
): { pendingApproval?: true; isHidden?: true } {
  if (r.pending_approval) return { pendingApproval: true };
  return withHidden && r.is_hidden ? { isHidden: true } : {};
}

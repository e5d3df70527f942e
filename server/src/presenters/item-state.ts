/**
 * The marks a workspace row carries, read as the member pages read them (ItemStateTags): a held
 * item is hidden and pending, and shows only "Onay bekliyor"; "Gizlendi" is for the others hidden.
 */
export function itemState(r: { is_hidden?: boolean | number; pending_approval?: boolean | number }) {
  const pendingApproval = Boolean(r.pending_approval);
  return { pendingApproval, isHidden: Boolean(r.is_hidden) && !pendingApproval };
}

/**
 * Whether a new notification or message raises a native notification: only when the server said
 * so (`showNative`: the member's desktop switch for its kind is on and it is not their quiet
 * hours) and the page is not in front (the page shows its own otherwise). The tray badge and the
 * unread counts do not come through here: they count every unread one regardless.
 */
export function shouldRaiseNative(payload: { showNative?: boolean }, pageHidden: boolean): boolean {
  return payload.showNative === true && pageHidden;
}

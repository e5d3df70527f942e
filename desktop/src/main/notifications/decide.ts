import { z } from 'zod';

/** What the renderer asks the shell to show (validated: the renderer is not trusted). */
export const notifyRequestSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  route: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/)
    .optional(),
});

/** Native notifications only while the window is not in front; the page shows its own otherwise. */
export function shouldNotify(window: { isFocused(): boolean; isMinimized(): boolean } | null): boolean {
  if (!window) return true;
  return window.isMinimized() || !window.isFocused();
}

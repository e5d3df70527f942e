import { z } from 'zod';
import '../zod-locale';

/** A post category as every answer shows it, with its count of visible posts (a counter). */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The folded name, the key the UI's icons and colours are chosen by. */
  key: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  postCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** The categories columns a list reads; post_count is a string on PostgreSQL when it is a bigint. */
export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  name_key: string;
  color: string;
  icon: string | null;
  post_count: number | string;
}

/** A post category with its number of visible posts. */
export function presentCategory(r: CategoryRow) {
  return { id: r.id, name: r.name, slug: r.slug, key: r.name_key, color: r.color, icon: r.icon, postCount: Number(r.post_count) };
}

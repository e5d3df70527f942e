/** A post category with its number of visible posts. */
export function presentCategory(r: any) {
  return { id: r.id, name: r.name, slug: r.slug, key: r.name_key, color: r.color, icon: r.icon, postCount: Number(r.post_count) };
}

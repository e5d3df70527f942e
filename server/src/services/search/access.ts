import type { SearchSource } from '../../db/search/sources';
import type { Filter } from '../../db/search/query';
import type { UserRow } from '../../presenters/users';

import { notBlockedSql } from '../blocks';
import { moderatesSite } from '../../policies/actor';

/**
 * Who may find a document, decided at query time from its source row with the rules the lists
 * use: hidden (moderated) content never; a private account's posts only for itself and its
 * accepted followers (posts/visibleTo); a private group's posts and events only for its members
 * and admins (hobby-groups/access); a post or a person never across a block (either way); a private city event for its creator, attendees and admins
 * (events/visible); a blog draft only for admins. People and groups are listed for everyone,
 * questions but hidden ones. A document whose source row is gone is never found either.
 *
 * Each check is `exists (… limit 1 offset 0)`: the OFFSET keeps PostgreSQL from turning it into
 * a hashed subplan (which reads the whole source table to check a page of twenty), so it stays
 * a lookup per found document on both engines.
 */
function sourceFilter(source: SearchSource, viewer: UserRow | null): Filter {
  const v = viewer?.id ?? 0;
  const admin = moderatesSite(viewer);
  const member = (group: string) => `exists (select 1 from group_members m where m.group_id = ${group} and m.user_id = ?)`;
  switch (source) {
    case 'post':
      return {
        sql: `exists (select 1 from posts p join users u on u.id = p.author_id where p.id = d.ref_id and p.is_hidden = ?
          and (u.is_private = ? or p.author_id = ? or exists (select 1 from follows f where f.following_id = p.author_id and f.follower_id = ?))
          and ${notBlockedSql('p.author_id')})`,
        bindings: [false, false, v, v, v, v],
      };
    case 'group_post':
      return admin
        ? { sql: 'exists (select 1 from group_posts gp where gp.id = d.ref_id and gp.is_hidden = ?)', bindings: [false] }
        : {
            sql: `exists (select 1 from group_posts gp join hobby_groups g on g.id = gp.group_id where gp.id = d.ref_id and gp.is_hidden = ?
              and (g.is_private = ? or ${member('g.id')}))`,
            bindings: [false, false, v],
          };
    case 'answer':
      return { sql: 'exists (select 1 from answers a where a.id = d.ref_id and a.is_hidden = ?)', bindings: [false] };
    case 'blog':
      return admin
        ? { sql: '1 = 1', bindings: [] }
        : { sql: 'exists (select 1 from blog_posts b where b.id = d.ref_id and b.published = ?)', bindings: [true] };
    case 'event':
      return admin
        ? { sql: 'exists (select 1 from events e where e.id = d.ref_id and e.is_hidden = ?)', bindings: [false] }
        : {
            sql: `exists (select 1 from events e where e.id = d.ref_id and e.is_hidden = ? and (e.is_private = ? or e.creator_id = ?
              or exists (select 1 from event_attendees ea where ea.event_id = e.id and ea.user_id = ?)))`,
            bindings: [false, false, v, v],
          };
    case 'group_event':
      return admin
        ? { sql: '1 = 1', bindings: [] }
        : {
            sql: `exists (select 1 from group_events ge join hobby_groups g on g.id = ge.group_id where ge.id = d.ref_id and ge.is_hidden = ? and (g.is_private = ? or ${member('g.id')}))`,
            bindings: [false, false, v],
          };
    case 'person':
      // A member with a block between them and the viewer (either way) is not found.
      return viewer ? { sql: notBlockedSql('d.ref_id'), bindings: [v, v] } : { sql: '1 = 1', bindings: [] };
    case 'question':
      return { sql: 'exists (select 1 from questions q where q.id = d.ref_id and q.is_hidden = ?)', bindings: [false] };
    case 'group':
      return { sql: '1 = 1', bindings: [] };
  }
}

/** A source's check as a lookup per document (see above). */
function perDocument(f: Filter): Filter {
  return f.sql.startsWith('exists (') && f.sql.endsWith(')') ? { sql: `${f.sql.slice(0, -1)} limit 1 offset 0)`, bindings: f.bindings } : f;
}

/**
 * The filter of a search type: each of its sources' rule, for documents of that source. Several
 * sources are told apart by a CASE, not `(d.source = ? and …) or …`: PostgreSQL turns such an OR
 * into a bitmap over the (source, ref_id) index, every document of the source (100,000 for posts)
 * read to check a page of twenty.
 */
export function accessFilter(sources: readonly SearchSource[], viewer: UserRow | null): Filter {
  if (sources.length === 1 && sources[0] !== undefined) return perDocument(sourceFilter(sources[0], viewer));
  const parts = sources.map((s) => {
    const f = perDocument(sourceFilter(s, viewer));
    return { sql: `when ? then (${f.sql})`, bindings: [s, ...f.bindings] };
  });
  return { sql: `case d.source ${parts.map((p) => p.sql).join(' ')} else false end`, bindings: parts.flatMap((p) => p.bindings) };
}

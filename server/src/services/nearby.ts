import { LIMITS, TEXTS, type Nearby } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { nowIso } from '../db/time';
import type { UserRow } from '../presenters/users';
import type { EventRow } from '../presenters/events';
import { presentGroup, type GroupRow } from '../presenters/hobby-groups';
import type { PostRow } from '../presenters/posts';
import { eventsQuery, present as presentEvents, visible as visibleEvents } from './events/events';
import { postsQuery, visibleTo } from './posts/posts';
import { presentPosts } from './posts/page';
import { memberships } from './hobby-groups/access';
import { viewerPlace } from './places/area';
import { placeRefs, refOf } from './places/places';

type Point = { lat: number; lng: number };

/** Great-circle distance in km (haversine); ample for a city. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/**
 * Orders a small candidate list for Yakınımda: by distance when the viewer's neighbourhood and the
 * item both have a point, those without one after; without the viewer's point, their own
 * neighbourhood first. Ties keep the candidates' order (soonest, most members, newest).
 */
function nearest<T>(items: T[], at: Point | null, pointOf: (t: T) => Point | null, hoodOf: (t: T) => number | null, mine: number) {
  const scored = items.map((item, i) => {
    const p = pointOf(item);
    return { item, i, distanceKm: at && p ? distanceKm(at, p) : null, same: hoodOf(item) === mine ? 0 : 1 };
  });
  scored.sort((a, b) => {
    if (at) {
      if (a.distanceKm !== null && b.distanceKm !== null && a.distanceKm !== b.distanceKm) return a.distanceKm - b.distanceKm;
      if ((a.distanceKm === null) !== (b.distanceKm === null)) return a.distanceKm === null ? 1 : -1;
    }
    return a.same - b.same || a.i - b.i;
  });
  return scored.slice(0, LIMITS.nearbyItems);
}

/**
 * Discover's Yakınımda. Each list reads at most LIMITS.nearbyCandidates rows of the member's
 * district through its (district_id, sort key) index (the soonest events, the biggest groups, the
 * newest posts), then orders those few in JS by distance. A bounded candidate set keeps the query an
 * index range on both databases (no trigonometry in SQL, no PostGIS); the cost is that an item
 * beyond the first 60 of its district is not considered, which for a 'near me' glance is right.
 */
export async function nearby(ctx: AppContext, viewer: UserRow): Promise<Nearby> {
  const { db } = ctx;
  const place = await viewerPlace(db, viewer);
  if (!place) throw errors.conflict(TEXTS.places.neighbourhoodRequired, 'neighbourhood_required');
  const refs = await placeRefs(db, [place.neighbourhoodId]);
  const mine = refs.get(place.neighbourhoodId);
  if (!mine) throw errors.conflict(TEXTS.places.neighbourhoodRequired, 'neighbourhood_required');
  const at = mine.lat !== null && mine.lng !== null ? { lat: mine.lat, lng: mine.lng } : null;
  const n = LIMITS.nearbyCandidates;

  const eventRows: EventRow[] = await visibleEvents(eventsQuery(db), viewer)
    .where('e.district_id', place.districtId)
    .where('e.date', '>=', nowIso())
    .where('e.status', 'scheduled')
    .orderBy([
      { column: 'e.date', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(n);
  const groupRows: GroupRow[] = await db('hobby_groups')
    .where('district_id', place.districtId)
    .orderBy([
      { column: 'member_count', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(n);
  const postRows: PostRow[] = await visibleTo(postsQuery(db), viewer.id).where('p.district_id', place.districtId).orderBy('p.id', 'desc').limit(n);

  const hoods = await placeRefs(
    db,
    [...eventRows, ...groupRows, ...postRows].map((r) => r.neighbourhood_id),
  );
  const centre = (id: number | null | undefined): Point | null => {
    const h = id ? hoods.get(id) : undefined;
    return h && h.lat !== null && h.lng !== null ? { lat: h.lat, lng: h.lng } : null;
  };
  const hoodId = (r: { neighbourhood_id?: number | null }) => r.neighbourhood_id ?? null;

  const events = nearest(
    eventRows,
    at,
    (e) =>
      e.lat !== null && e.lat !== undefined && e.lng !== null && e.lng !== undefined ? { lat: Number(e.lat), lng: Number(e.lng) } : centre(e.neighbourhood_id),
    hoodId,
    place.neighbourhoodId,
  );
  const groups = nearest(groupRows, at, (g) => centre(g.neighbourhood_id), hoodId, place.neighbourhoodId);
  const posts = nearest(postRows, at, (p) => centre(p.neighbourhood_id), hoodId, place.neighbourhoodId);

  const shownEvents = await presentEvents(
    ctx,
    db,
    events.map((e) => e.item),
    viewer,
  );
  const member = await memberships(
    db,
    groups.map((g) => g.item.id),
    viewer,
  );
  const shownPosts = await presentPosts(
    db,
    posts.map((p) => p.item),
    viewer.id,
  );
  return {
    neighbourhood: refOf(mine) ?? { id: mine.id, name: mine.name, districtId: mine.districtId, districtName: mine.districtName },
    byDistance: at !== null,
    events: events.flatMap((e, i) => {
      const item = shownEvents[i];
      return item ? [{ item, distanceKm: e.distanceKm }] : [];
    }),
    groups: groups.map((g) => ({
      item: presentGroup(g.item, member.has(g.item.id), false, g.item.neighbourhood_id ? refOf(hoods.get(g.item.neighbourhood_id)) : null),
      distanceKm: g.distanceKm,
    })),
    posts: posts.flatMap((p, i) => {
      const item = shownPosts[i];
      return item ? [{ item, distanceKm: p.distanceKm }] : [];
    }),
  };
}

import { idParamsSchema } from '../schemas/common';
import {
  attendanceSchema,
  calendarFeedSchema,
  calendarTokenParamsSchema,
  cancelEventSchema,
  createEventSchema,
  eventMessageResultSchema,
  eventMessageSchema,
  eventSchema,
  icsSchema,
  listEventsQuerySchema,
  updateEventSchema,
} from '../schemas/events';
import { endpoint, okSchema, pageOf } from './endpoint';

/**
 * City events: the list (upcoming or past), one event, creating, attending (with a capacity and a
 * waitlist), the organiser's tools (edit, cancel, message), .ics files and each member's private calendar feed.
 */
export const eventEndpoints = {
  'events.list': endpoint({
    route: 'GET /api/events',
    summary: 'Upcoming events soonest first, or past events latest first (private ones only for their creator, attendees and admins)',
    access: 'public',
    query: listEventsQuerySchema,
    response: pageOf(eventSchema),
  }),
  'events.get': endpoint({ route: 'GET /api/events/:id', summary: 'One event', access: 'public', params: idParamsSchema, response: eventSchema }),
  'events.create': endpoint({
    route: 'POST /api/events',
    summary: 'Creates an event; its creator attends it',
    access: 'member',
    body: createEventSchema,
    status: 201,
    response: eventSchema,
  }),
  'events.attend': endpoint({
    route: 'POST /api/events/:id/attend',
    summary: 'Attends the event (or joins its waitlist when full), or takes attendance / the waitlist place back (a toggle); leaving promotes the first waiter',
    access: 'member',
    params: idParamsSchema,
    response: attendanceSchema,
  }),
  'events.delete': endpoint({
    route: 'DELETE /api/events/:id',
    summary: 'Deletes the event (its creator or an admin)',
    access: 'member',
    params: idParamsSchema,
    response: okSchema,
  }),
  'events.update': endpoint({
    route: 'PATCH /api/events/:id',
    summary: 'Edits the event (its organiser or an admin); a new time is told to everyone attending or waiting',
    access: 'member',
    params: idParamsSchema,
    body: updateEventSchema,
    response: eventSchema,
  }),
  'events.cancel': endpoint({
    route: 'POST /api/events/:id/cancel',
    summary: 'Cancels the event with a reason (its organiser or an admin); everyone attending or waiting is told',
    access: 'member',
    params: idParamsSchema,
    body: cancelEventSchema,
    response: eventSchema,
  }),
  'events.message': endpoint({
    route: 'POST /api/events/:id/message',
    summary: 'Sends a short message to every attendee as a notification (its organiser or an admin; rate limited)',
    access: 'member',
    params: idParamsSchema,
    body: eventMessageSchema,
    response: eventMessageResultSchema,
  }),
  'events.ics': endpoint({
    route: 'GET /api/events/:id/ics',
    summary: 'The event as an iCalendar file (text/calendar), for those who may see it',
    access: 'public',
    params: idParamsSchema,
    response: icsSchema,
  }),
  'calendar.feedGet': endpoint({
    route: 'GET /api/calendar/feed',
    summary: 'Whether the member has a private calendar feed (its address is shown only when it is made)',
    access: 'member',
    tag: 'events',
    response: calendarFeedSchema,
  }),
  'calendar.feedCreate': endpoint({
    route: 'POST /api/calendar/feed',
    summary: "Makes the member's private calendar feed address, replacing (revoking) any earlier one",
    access: 'member',
    tag: 'events',
    response: calendarFeedSchema,
  }),
  'calendar.feedRevoke': endpoint({
    route: 'DELETE /api/calendar/feed',
    summary: "Revokes the member's calendar feed: its address answers 404 from now on",
    access: 'member',
    tag: 'events',
    response: calendarFeedSchema,
  }),
  'calendar.feed': endpoint({
    route: 'GET /api/calendar/:token.ics',
    summary: "A member's private calendar feed (text/calendar): the events they attend; the token is the only key",
    access: 'public',
    tag: 'events',
    params: calendarTokenParamsSchema,
    response: icsSchema,
  }),
};

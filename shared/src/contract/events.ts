import { idParamsSchema } from '../schemas/common';
import {
  attendanceSchema,
  cancelEventSchema,
  createEventSchema,
  eventMessageResultSchema,
  eventMessageSchema,
  eventSchema,
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
};

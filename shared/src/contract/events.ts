import { idParamsSchema } from '../schemas/common';
import { attendanceSchema, createEventSchema, eventSchema, listEventsQuerySchema } from '../schemas/events';
import { endpoint, okSchema, pageOf } from './endpoint';

/** City events: the list (upcoming or past), one event, creating, attending, deleting. */
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
    summary: 'Attends the event, or takes attendance back (a toggle)',
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
};

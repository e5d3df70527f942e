import { Router } from 'express';
import { TEXTS } from '@mahalle/shared';
import type { AppContext } from '../context';
import { errors } from '../errors';
import { authRouter } from './auth';
import { healthRouter, readyRouter } from './health';
import { commentsRouter, postsRouter } from './posts';
import { categoriesRouter } from './categories';
import { followRequestsRouter, usersRouter } from './users';
import { bookmarksRouter, userBookmarksRouter } from './bookmarks';
import { hashtagsRouter } from './hashtags';
import { notificationSettingsRouter, notificationsRouter } from './notifications';
import { messagesRouter } from './messages';
import { calendarRouter, eventsRouter } from './events';
import { answersRouter, questionsRouter } from './questions';
import { blogRouter } from './blog';
import { hobbyGroupsRouter } from './hobby-groups';
import { adminRouter } from './admin';
import { reportsRouter } from './reports';
import { statsRouter } from './stats';
import { docsRouter } from './docs';
import { searchRouter } from './search';

/** Every API resource is mounted here, one line each. */
export function apiRouter(ctx: AppContext): Router {
  const api = Router();
  api.use('/health', healthRouter(ctx));
  api.use('/ready', readyRouter(ctx));
  api.use('/auth', authRouter(ctx));
  api.use('/posts', postsRouter(ctx));
  api.use('/comments', commentsRouter(ctx));
  api.use('/categories', categoriesRouter(ctx));
  api.use('/users/me/notification-settings', notificationSettingsRouter(ctx));
  api.use('/users', usersRouter(ctx));
  api.use('/users', userBookmarksRouter(ctx));
  api.use('/follow-requests', followRequestsRouter(ctx));
  api.use('/bookmarks', bookmarksRouter(ctx));
  api.use('/hashtags', hashtagsRouter(ctx));
  api.use('/notifications', notificationsRouter(ctx));
  api.use('/messages', messagesRouter(ctx));
  api.use('/events', eventsRouter(ctx));
  api.use('/calendar', calendarRouter(ctx));
  api.use('/questions', questionsRouter(ctx));
  api.use('/answers', answersRouter(ctx));
  api.use('/blog', blogRouter(ctx));
  api.use('/hobby-groups', hobbyGroupsRouter(ctx));
  api.use('/reports', reportsRouter(ctx));
  api.use('/stats', statsRouter(ctx));
  api.use('/search', searchRouter(ctx));
  api.use('/admin', adminRouter(ctx));
  const { openapi, docs } = docsRouter();
  api.use('/openapi.json', openapi);
  api.use('/docs', docs);

  api.use((_req, _res, next) => next(errors.notFound(TEXTS.errors.routeNotFound, 'route_not_found')));
  return api;
}

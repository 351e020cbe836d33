/**
 * The legacy REST layer under /api, wire-compatible with bbs-go 2022. Handlers parse input, call a
 * core service and shape output; errors become envelopes in one place.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { Texts } from '@forum/contracts';
import { AppError, isDatabaseUnavailable, type Logger } from '@forum/core';
import { formBody, formLimits, uploadLimits } from '../http/form-body';
import { requestRefusalOf, sendRefusal } from '../http/request-body';
import { sendUnavailable } from '../http/unavailable';
import { envelopeOf, fail, send } from './envelope';
import { configRoutes } from './config';
import { commentRoutes } from './comment';
import { likeRoutes } from './like';
import { favoriteRoutes } from './favorite';
import { watchRoutes } from './watch';
import { oauthRoutes } from './oauth';
import { accountRoutes } from './login';
import { UPLOAD_PATH, uploadRoutes } from './upload';
import { profileRoutes } from './profile';
import { emailRoutes } from './email';
import { fansRoutes } from './fans';
import { feedRoutes } from './feed';
import { forbiddenRoutes } from './forbidden';
import { topicRoutes } from './topic';
import { tagRoutes } from './tag';
import { adminArticleRoutes, articleRoutes } from './article';
import { projectRoutes } from './project';
import { linkRoutes } from './link';
import { adminTopicNodeRoutes } from './admin/topic-node';
import { adminTagRoutes } from './admin/tag';
import { adminLinkRoutes } from './admin/link';
import { adminProjectRoutes } from './admin/project';
import { adminSysConfigRoutes } from './admin/sys-config';
import { adminForbiddenWordRoutes } from './admin/forbidden-word';
import { checkInRoutes } from './checkin';
import { messageRoutes } from './message';
import { searchRoutes } from './search';
import { adminRoutes } from './admin';

const ROUTE_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'all'] as const;

/** `/topic/:id` → `topic`: the literal first segment of a route's path or a request's, lower-cased. */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end < 0 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/** A registered route as Express keeps it: its path and the methods it answers (`_all` for every one). */
export interface RegisteredRoute {
  path: string | string[];
  methods: Record<string, boolean>;
}

const segmentsOf = new WeakMap<Router, Map<string, Router>>();

/** A route as `routesBySegment` registered it: its method, path and handlers (the form parser aside). */
export interface LegacyRoute {
  method: (typeof ROUTE_METHODS)[number];
  path: string;
  handlers: RequestHandler[];
}

const routesOf = new WeakMap<Router, Map<string, LegacyRoute[]>>();

/** The routes registered on `router` through `routesBySegment`, by first segment, in order within each. */
export const legacyRoutesBySegment = (router: Router): ReadonlyMap<string, readonly LegacyRoute[]> =>
  routesOf.get(router) ?? new Map();

/** Every route registered on `router` through `routesBySegment`, segment by segment, in order within each. */
export function registeredRoutes(router: Router): RegisteredRoute[] {
  const routers = [...(segmentsOf.get(router)?.values() ?? [])] as unknown as {
    stack: { route?: RegisteredRoute }[];
  }[];
  return routers.flatMap((routes) => routes.stack.flatMap((layer) => (layer.route ? [layer.route] : [])));
}

/**
 * The routes of the legacy API, indexed by the first segment of their path. Registering a route on
 * the returned router puts it, with the form parser `parserOf` its path (a body is parsed only once
 * a route has matched, and each route reads at most what its form may hold), on the router of its
 * segment; one middleware on the returned router hands a request to the router of the request's
 * segment. Express otherwise tries every route in turn (181 of them, a path pattern match each: a few
 * percent of a cheap read's CPU for a route late in the list or a path nobody serves). Routes keep
 * their order within a segment, and no route's first segment is a parameter (registering one throws),
 * so each request meets the routes it met before.
 */
export function routesBySegment(router: Router, parserOf: (path: string) => RequestHandler): Router {
  const segments = new Map<string, Router>();
  const registered = new Map<string, LegacyRoute[]>();
  segmentsOf.set(router, segments);
  routesOf.set(router, registered);
  router.use((req, res, next) => {
    const routes = segments.get(firstSegment(req.path));
    if (routes) routes(req, res, next);
    else next();
  });
  for (const method of ROUTE_METHODS) {
    router[method] = ((path: string, ...handlers: RequestHandler[]) => {
      const segment = firstSegment(path);
      if (!/^[a-z0-9_-]+$/.test(segment))
        throw new Error(`a legacy route needs a literal first segment: ${path}`);
      let routes = segments.get(segment);
      if (!routes) segments.set(segment, (routes = express.Router()));
      let inOrder = registered.get(segment);
      if (!inOrder) registered.set(segment, (inOrder = []));
      inOrder.push({ method, path, handlers });
      (routes[method] as (path: string, ...handlers: RequestHandler[]) => Router)(
        path,
        parserOf(path),
        ...handlers,
      );
      return router;
    }) as never;
  }
  return router;
}

export function legacyRouter(log: Logger): Router {
  const forms = formBody(formLimits);
  const uploadForm = formBody(uploadLimits);
  const api = express.Router();
  // The reader is resolved where a handler or guard asks (`resolveRequestUser`, once a request),
  // not for every request up front: a public list that is the same for everyone never waits for
  // a session lookup, and a topic's reader is looked up beside the topic.
  routesBySegment(api, (path) => (path === UPLOAD_PATH ? uploadForm : forms));

  configRoutes(api);
  checkInRoutes(api);
  messageRoutes(api);
  searchRoutes(api);
  commentRoutes(api);
  likeRoutes(api);
  favoriteRoutes(api);
  watchRoutes(api);
  articleRoutes(api);
  adminArticleRoutes(api);
  projectRoutes(api);
  linkRoutes(api);
  topicRoutes(api);
  tagRoutes(api);
  oauthRoutes(api);
  accountRoutes(api);
  uploadRoutes(api);
  profileRoutes(api);
  emailRoutes(api);
  fansRoutes(api);
  feedRoutes(api);
  forbiddenRoutes(api);
  adminTopicNodeRoutes(api);
  adminTagRoutes(api);
  adminLinkRoutes(api);
  adminProjectRoutes(api);
  adminSysConfigRoutes(api);
  adminForbiddenWordRoutes(api);
  adminRoutes(api);

  // Unknown paths answer 404 with the envelope: under /admin as bbs-go did (docs/legacy-api.md §0.5); elsewhere
  // with a readable message, since late-2022 clients parse every /api answer as JSON.
  // A body sent to such a path is never read (`closeUnreadBodies` closes the connection).
  api.use('/admin', (_req, res) => {
    res.status(404).json(fail(404, 'Http error'));
  });
  api.use((_req, res) => {
    res.status(404).json(fail(404, Texts.http.unknownPath));
  });
  api.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const refusal = requestRefusalOf(error);
    if (refusal) return sendRefusal(res, refusal);
    if (isDatabaseUnavailable(error)) return sendUnavailable(res);
    if (!AppError.is(error)) log.error({ err: error, path: req.path }, 'legacy handler failed');
    // The admin middleware is the one place where a missing role is coded (2 无权限).
    if (req.path.startsWith('/admin/') && AppError.is(error) && error.code === 'FORBIDDEN') {
      send(res, fail(2, error.message));
      return;
    }
    send(res, envelopeOf(error));
  });
  return api;
}

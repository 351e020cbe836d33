/**
 * The legacy REST layer under /api, wire-compatible with bbs-go 2022. Handlers parse input, call a
 * core service and shape output; errors become envelopes in one place.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import {
  MAX_REQUEST_BODY_BYTES,
  RequestBodyMessages,
  UPLOAD_MAX_BYTES,
  Texts,
  UploadMessages,
} from '@forum/contracts';
import { AppError, isDatabaseUnavailable, type Logger } from '@forum/core';
import { requestRefusalOf, sendRefusal } from '../http/request-body';
import { sendUnavailable } from '../http/unavailable';
import { resolveRequestUser } from '../context';
import { envelopeOf, fail, send } from './envelope';
import { configRoutes } from './config';
import { commentRoutes } from './comment';
import { likeRoutes } from './like';
import { favoriteRoutes } from './favorite';
import { oauthRoutes } from './oauth';
import { accountRoutes } from './login';
import { uploadRoutes } from './upload';
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

/** Files are parsed only where an endpoint expects them (uploads); the cap is checked again later. */
export const multipart = multer({
  storage: multer.memoryStorage(),
  // Form fields share the body limit of urlencoded forms; the one file has the upload cap.
  limits: {
    fileSize: UPLOAD_MAX_BYTES,
    files: 1,
    fields: 1000,
    fieldSize: MAX_REQUEST_BODY_BYTES,
    parts: 1001,
  },
});

export function legacyRouter(log: Logger): Router {
  const api = express.Router();
  api.use(express.urlencoded({ extended: false, limit: MAX_REQUEST_BODY_BYTES, parameterLimit: 1000 }));
  // Multipart bodies without files still carry form fields; parse them everywhere. Whatever the
  // parser cannot read (no boundary, a part cut short) is a malformed request, not a server error.
  api.use((req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    multipart.any()(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) return next(error);
      sendRefusal(res, { status: 400, message: RequestBodyMessages.malformed });
    });
  });
  api.use(async (req, _res, next) => {
    await resolveRequestUser(req);
    next();
  });

  configRoutes(api);
  checkInRoutes(api);
  messageRoutes(api);
  searchRoutes(api);
  commentRoutes(api);
  likeRoutes(api);
  favoriteRoutes(api);
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

  // Unknown paths answer 404 with the envelope: under /admin as bbs-go did (legacy §0.5); elsewhere
  // with a readable message, since late-2022 clients parse every /api answer as JSON.
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
    const appError = multerError(error) ?? error;
    // The admin middleware is the one place where a missing role is coded (2 无权限).
    if (req.path.startsWith('/admin/') && AppError.is(appError) && appError.code === 'FORBIDDEN') {
      send(res, fail(2, appError.message));
      return;
    }
    send(res, envelopeOf(appError));
  });
  return api;
}

function multerError(error: unknown): AppError | undefined {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new AppError('INVALID_INPUT', UploadMessages.tooLarge);
    return new AppError('INVALID_INPUT', Texts.uploads.malformed);
  }
  return undefined;
}

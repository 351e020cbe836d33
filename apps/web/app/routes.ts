import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/layout.default.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('admin', 'routes/admin.tsx', [index('routes/admin._index.tsx')]),
    layout('routes/layout.user-centre.tsx', [
      route('user/favorites', 'routes/user.favorites.tsx'),
      route('user/messages', 'routes/user.messages.tsx'),
      route('user/scores', 'routes/user.scores.tsx'),
    ]),
  ]),
  layout('routes/layout.empty.tsx', [route('redirect', 'routes/redirect.tsx')]),
  layout('routes/layout.no-footer.tsx', [route('*', 'routes/$.tsx')]),
] satisfies RouteConfig;

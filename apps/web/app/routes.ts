import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/layout.default.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('admin', 'routes/admin.tsx', [index('routes/admin._index.tsx')]),
    route('user/signin', 'routes/user.signin.tsx'),
    route('user/signup', 'routes/user.signup.tsx'),
    route('user/email/verify', 'routes/user.email.verify.tsx'),
    route('user/profile', 'routes/user.profile.tsx', [
      index('routes/user.profile._index.tsx'),
      route('account', 'routes/user.profile.account.tsx'),
    ]),
    route('user/:id', 'routes/user.$id.tsx'),
    layout('routes/layout.user-centre.tsx', [
      route('user/favorites', 'routes/user.favorites.tsx'),
      route('user/messages', 'routes/user.messages.tsx'),
      route('user/scores', 'routes/user.scores.tsx'),
    ]),
  ]),
  layout('routes/layout.empty.tsx', [route('redirect', 'routes/redirect.tsx')]),
  layout('routes/layout.no-footer.tsx', [
    route('user/:provider/callback', 'routes/user.oauth-callback.tsx'),
    route('*', 'routes/$.tsx'),
  ]),
] satisfies RouteConfig;

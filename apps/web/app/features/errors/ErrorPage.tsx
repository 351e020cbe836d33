import { useEffect } from 'react';
import { Link } from 'react-router';
import { reportNavigationFailure } from '~/features/progress/progress';
import { LayoutTexts } from '~/texts/layout';
import { describeError } from './describe-error';

/** Page-level error message; it does not need the site data, so it works when the API is down too. */
export function ErrorPage({ error }: { error: unknown }) {
  const { status, description } = describeError(error);
  useEffect(() => reportNavigationFailure(), []);
  return (
    <section
      className="mx-auto flex max-w-[1200px] flex-col items-center px-4 py-24 text-center"
      data-testid="error-page"
    >
      <img src="/logo.svg" alt="" width={64} height={64} className="mb-6 opacity-90" />
      <p className="text-6xl font-bold text-faint">{status}</p>
      <h1 className="mt-4 text-xl font-bold text-accent" data-testid="error-description">
        {description}
      </h1>
      <Link to="/topic/create" className="mt-6 text-sm text-link hover:underline">
        {LayoutTexts.errorPage.feedback}
      </Link>
    </section>
  );
}

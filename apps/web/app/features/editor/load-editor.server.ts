import { data } from 'react-router';
import { ErrorMessages } from '@forum/contracts';
import { errorMessage } from '~/lib/api-error';
import { requirePageEnabled, requireUser } from '~/lib/guards.server';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';
import { CommonTexts } from '~/texts/common';

/** The create pages need a signed-in user (else sign-in and back) and the node list. */
export async function loadCreatePage(request: Request) {
  await requirePageEnabled(request);
  await requireUser(request);
  const { queryClient, trpc } = serverApi(request);
  await Promise.all([loadSession(request), queryClient.prefetchQuery(trpc.nodes.list.queryOptions())]);
  return { dehydratedState: dehydrateRequest(request) };
}

/** The API's refusal of an edit form: 404 when the item is gone, else 403 with its reason. */
function editRefusal(error: unknown) {
  const code = (error as { data?: { code?: string } }).data?.code;
  if (code === 'NOT_FOUND') return data(CommonTexts.pageNotFound, { status: 404 });
  if (code === 'FORBIDDEN' || code === 'BAD_REQUEST')
    return data(errorMessage(error, ErrorMessages.FORBIDDEN), { status: 403 });
  return error;
}

export async function loadTopicEditPage(request: Request, id: number) {
  await requirePageEnabled(request);
  await requireUser(request);
  const { queryClient, trpc } = serverApi(request);
  try {
    const [form] = await Promise.all([
      queryClient.fetchQuery(trpc.topics.forEdit.queryOptions({ id })),
      queryClient.prefetchQuery(trpc.nodes.list.queryOptions()),
    ]);
    return { form, dehydratedState: dehydrateRequest(request) };
  } catch (error) {
    throw editRefusal(error);
  }
}

export async function loadArticleEditPage(request: Request, id: number) {
  await requirePageEnabled(request);
  await requireUser(request);
  const { queryClient, trpc } = serverApi(request);
  try {
    const form = await queryClient.fetchQuery(trpc.articles.forEdit.queryOptions({ id }));
    return { form, dehydratedState: dehydrateRequest(request) };
  } catch (error) {
    throw editRefusal(error);
  }
}

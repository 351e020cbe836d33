/**
 * The shape docs/legacy-api.md §2.2 repeats for every catalogue table (`topic-node`, `tag`, `link`,
 * `project`, `forbidden-word`): `POST create` and `POST update` (form fields named like the row,
 * `id` for the row to update), `ANY list` (a numbered page of the table's filters) and
 * `GET {id}`. A table states its parts once; its extra endpoints stay beside it.
 */
import type { Request, Router } from 'express';
import type { RequestContext } from '@forum/core';
import { contextOf, formInt, idOf, numericId } from '../form';
import { handleAdmin } from './guard';
import { numberedPage, pageOf } from './forms';

type Page<Doc> = { page: { page: number; limit: number; total: number }; results: Doc[] };

export interface AdminResource<Doc, Draft> {
  /** The path segment under /api/admin. */
  path: string;
  draftOf(req: Request): Draft;
  /** The row as the endpoints answer it. */
  present(doc: Doc): unknown;
  create(ctx: RequestContext, draft: Draft): Promise<Doc>;
  update(ctx: RequestContext, input: Draft & { id: number }): Promise<Doc>;
  /** One page, with the table's own filters read from the request. */
  list(ctx: RequestContext, req: Request, page: { page: number; limit: number }): Promise<Page<Doc>>;
  /** One row; absent for tables without `GET {id}`. */
  get?(ctx: RequestContext, id: number): Promise<Doc>;
}

export function adminResourceRoutes<Doc, Draft>(api: Router, resource: AdminResource<Doc, Draft>): void {
  const base = `/admin/${resource.path}`;
  api.post(
    `${base}/create`,
    handleAdmin(async (req, actor) =>
      resource.present(await resource.create(contextOf(req, actor), resource.draftOf(req))),
    ),
  );
  api.post(
    `${base}/update`,
    handleAdmin(async (req, actor) =>
      resource.present(
        await resource.update(contextOf(req, actor), { id: formInt(req, 'id'), ...resource.draftOf(req) }),
      ),
    ),
  );
  api.all(
    `${base}/list`,
    handleAdmin(async (req, actor) => {
      const { page, results } = await resource.list(contextOf(req, actor), req, pageOf(req));
      return numberedPage(
        page,
        results.map((doc) => resource.present(doc)),
      );
    }),
  );
  const { get } = resource;
  if (get) {
    api.get(
      `${base}/:id`,
      numericId,
      handleAdmin(async (req, actor) => resource.present(await get(contextOf(req, actor), idOf(req)))),
    );
  }
}

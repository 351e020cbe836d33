/** Inputs and outputs of the admin console's configuration screens (tRPC `admin*` routers). */
import { z } from 'zod';
import { LinkDraftSchema } from './links';
import { NodeDraftSchema } from './nodes';
import { ProjectDraftSchema, type ProjectHeading } from './projects';
import { TagDraftSchema } from './tags';
import { ForbiddenWordDraftSchema } from './forbidden-words';

const id = z.number().int().positive();
const pageFields = {
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
};
const status = z.union([z.literal(0), z.literal(1)]).optional();
const filter = (max: number) => z.string().trim().max(max).optional();

export const AdminIdInputSchema = z.object({ id });
/** Ids in their new display order (drag ordering). */
export const AdminReorderInputSchema = z.object({ ids: z.array(id).min(1).max(500) });

export const AdminNodeListInputSchema = z.object({ ...pageFields, name: filter(32), status });
export const AdminNodeUpdateInputSchema = NodeDraftSchema.extend({ id });

export const AdminTagListInputSchema = z.object({
  ...pageFields,
  id: id.optional(),
  name: filter(32),
  status,
});
export const AdminTagUpdateInputSchema = TagDraftSchema.extend({ id });

export const AdminLinkListInputSchema = z.object({
  ...pageFields,
  title: filter(128),
  url: filter(1024),
  status,
});
export const AdminLinkUpdateInputSchema = LinkDraftSchema.extend({ id });
export const LinkDetectInputSchema = z.object({ url: z.string().trim().max(1024) });

export const AdminProjectListInputSchema = z.object({ ...pageFields, name: filter(128), status });
export const AdminProjectUpdateInputSchema = ProjectDraftSchema.extend({ id });

export const AdminForbiddenWordUpdateInputSchema = z.intersection(ForbiddenWordDraftSchema, z.object({ id }));

/** A numbered page of an admin list. */
export interface AdminPage<T> {
  page: number;
  limit: number;
  total: number;
  results: T[];
}

/** A node as the console lists it (the raw `t_topic_node` row). */
export interface AdminNodeItem {
  id: number;
  name: string;
  description: string;
  logo: string;
  sortNo: number;
  status: number;
  createTime: number;
}

/** A tag as the console lists it (the raw `t_tag` row). */
export interface AdminTagItem {
  id: number;
  name: string;
  description: string;
  status: number;
  createTime: number;
  updateTime: number;
}

/** A project as the console lists and edits it (the raw row, content as Markdown). */
export interface AdminProjectItem extends ProjectHeading {
  id: number;
  userId: number;
  contentType: string;
  content: string;
  status: number;
  sortNo: number;
  createTime: number;
}

import { z } from 'zod';
import { isSitePathOrHttpUrl } from './ref';
import { boundedText } from './text';

export const NODE_NAME_MAX_LENGTH = 32;
export const NODE_DESCRIPTION_MAX_LENGTH = 1024;
export const NODE_LOGO_MAX_LENGTH = 1024;

/** A node as the owner creates or edits it (legacy POST /api/admin/topic-node/create|update). */
export const NodeDraftSchema = z.object({
  name: boundedText(NODE_NAME_MAX_LENGTH, `节点名称不能超过${NODE_NAME_MAX_LENGTH}个字`).refine(
    (value) => value.length > 0,
    '节点名称不能为空',
  ),
  description: boundedText(NODE_DESCRIPTION_MAX_LENGTH, '节点描述过长').default(''),
  // Shown as an image by every client, and as a link by some: a path of ours or an http(s) address.
  logo: boundedText(NODE_LOGO_MAX_LENGTH, '节点图标地址过长')
    .refine((logo) => logo === '' || isSitePathOrHttpUrl(logo), '节点图标只能是站内路径或 http(s) 地址')
    .default(''),
  sortNo: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** 0 shown, 1 hidden. */
  status: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type NodeDraft = z.infer<typeof NodeDraftSchema>;
export type NodeDraftInput = z.input<typeof NodeDraftSchema>;

/** A node in our web app's node list. */
export interface TopicNodeItem {
  id: number;
  name: string;
  description: string;
  logo: string;
}

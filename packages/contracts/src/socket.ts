/** Typed socket.io event maps shared by the API, the worker's emitter and the web client. */

export interface TopicNewEvent {
  id: number;
  nodeId: number;
  title: string;
  user: { id: number; nickname: string; avatar: string };
}

export interface CommentNewEvent {
  entityType: 'topic' | 'article';
  entityId: number;
  commentId: number;
}

export interface ServerToClientEvents {
  'message:unread': (data: { count: number }) => void;
  'topic:new': (data: TopicNewEvent) => void;
  'comment:new': (data: CommentNewEvent) => void;
  'config:updated': (data: { keys: string[] }) => void;
}

export interface ClientToServerEvents {
  /** Ask to receive comment:new for one topic or article; the server checks it may be read. */
  'entity:watch': (data: { entityType: 'topic' | 'article'; entityId: number }) => void;
  'entity:unwatch': (data: { entityType: 'topic' | 'article'; entityId: number }) => void;
}

export interface SocketData {
  userId: number | null;
}

export const SocketRoom = {
  user: (userId: number) => `user:${userId}`,
  topics: 'topics',
  entity: (entityType: string, entityId: number) => `${entityType}:${entityId}`,
} as const;

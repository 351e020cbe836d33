/** Typed socket.io event maps shared by the API, the worker's emitter and the web client. */

export interface TopicNewEvent {
  id: number;
  nodeId: number;
  /** 0 topic, 1 tweet (a tweet's title is empty). */
  type: number;
  title: string;
  user: { id: number; nickname: string; avatar: string };
}

export interface CommentNewEvent {
  /** The topic or article the comment is under (for a reply: its thread's). */
  entityType: 'topic' | 'article';
  entityId: number;
  commentId: number;
  /** The thread's top-level comment for a reply, 0 for a top-level comment. */
  parentId: number;
  userId: number;
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
  /** The room of the socket's session (`SocketRoom.session`), null for a visitor. */
  session: string | null;
}

export const SocketRoom = {
  user: (userId: number) => `user:${userId}`,
  topics: 'topics',
  entity: (entityType: string, entityId: number) => `${entityType}:${entityId}`,
  /** The sockets of one session (the hash of its token): ended together with it. */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

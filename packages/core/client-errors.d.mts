import type { Server } from 'node:http';

export const CLIENT_ERROR_LINGER_MS: number;
export function clientErrorStatus(error: unknown): string;
export function answerClientErrors(server: Server, options?: { lingerMs?: number }): void;

import type { ApiKeyRows } from './apiKeys';

/** The statements of table AppgenApiKey (partial orm/<orm>/apiKeyRows). */
export declare const apiKeyRows: ApiKeyRows;

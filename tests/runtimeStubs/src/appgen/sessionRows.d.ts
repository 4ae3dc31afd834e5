import type { SessionRows } from './sessions';

/** The statements of table AppgenSession (partial orm/<orm>/sessionRows). */
export declare const sessionRows: SessionRows;

export declare function isStorableText(text: string): boolean;

export interface TokenUse {
  issuer: string;
  maxAgeSeconds: number;
  id?: string;
}
export declare function signToken(subject: string, use: TokenUse): Promise<string>;
export declare function verifyToken(
  token: string,
  issuer: string,
): Promise<{ subject: string; id: string | null } | null>;
export declare function httpOnlyCookie(name: string, value: string, maxAgeSeconds: number): string;
export declare function cookieOf(request: Request, cookieName: string): string | null;

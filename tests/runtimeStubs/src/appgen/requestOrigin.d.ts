export declare const SOCKET_ADDRESS_HEADER = 'x-appgen-socket-address';
export declare const SOCKET_ADDRESS_RECORDED: unique symbol;
export interface WithHeaders {
  headers: { get(name: string): string | null };
}
export declare function clientAddress(request: WithHeaders): string;

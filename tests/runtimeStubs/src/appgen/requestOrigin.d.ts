export declare const SOCKET_ADDRESS_HEADER = 'x-appgen-socket-address';
export declare const SOCKET_ADDRESS_RECORDED: unique symbol;

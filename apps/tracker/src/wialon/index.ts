/** The Wialon IPS protocol: packet parsing and building, checksum, session, TCP receiver. */
export * from './crc';
export * from './packets';
export * from './encode';
export * from './session';
export * from './server';

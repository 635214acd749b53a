/** @tko/xlsx: registry exports to xlsx, columns driven by the contract's field descriptions. */
export * from './format';
export * from './writer';
export * from './table';

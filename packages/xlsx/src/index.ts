/** @tko/xlsx: registry exports to xlsx, columns driven by the contract's field descriptions; the one zip writer (zip.ts). */
export * from './format';
export * from './writer';
export * from './table';
export * from './zip';
export * from './form-2tp';

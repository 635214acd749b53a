/** react-query keys, one tree per registry, so a write invalidates everything of its registry. */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  resource: (name: string) => ['resource', name] as const,
  list: (name: string, params: Record<string, string>, anonymous: boolean) => ['resource', name, 'list', { params, anonymous }] as const,
  item: (name: string, id: string | number) => ['resource', name, 'item', String(id)] as const,
  refOptions: (resource: string, search: string) => ['ref-options', resource, search] as const,
};

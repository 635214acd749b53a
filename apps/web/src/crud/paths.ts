/** Web paths of one registry's pages, given to the generic list, card and view. */
export interface ResourcePaths {
  list: string;
  card: (id: number | string) => string;
  view: (id: number | string) => string;
}

/**
 * List parameters without empty values, so `{search: ''}` and `{}` are the same query key (and
 * the same request: CONTRACT.md omits empty optionals). Key order does not matter to TanStack
 * Query's hashing, so no sorting is needed.
 */
export function cleanParams<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as T;
}

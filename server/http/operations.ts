/**
 * How a routed request names its operation: the key of the endpoint access table
 * (contract/navigation/endpoint-access.ts), written as the OpenAPI document writes paths.
 */

/** `/rest/bulk/:kind/check` (Hono's route) as the OpenAPI document writes it: `/bulk/{kind}/check`. */
export function operationKey(method: string, honoPath: string): string {
  const path = honoPath.replace(/^\/rest(?=\/)/, '').replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
  return `${method.toUpperCase()} ${path}`;
}

/** The path parameters of a concrete path under an OpenAPI-style template. */
export function pathParams(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  if (!match) return {};
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    try {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    } catch {
      params[name] = match[i + 1] ?? '';
    }
  });
  return params;
}

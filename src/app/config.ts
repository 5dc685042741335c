export interface AppConfig {
  apiBase: string;
}

/**
 * The deployment setting /login needs: the API base. The group-id table only the signed-in
 * menus read comes with them (group-ids.ts, decision 060).
 */
export function readAppConfig(env: Record<string, string | undefined> = import.meta.env): AppConfig {
  return { apiBase: env.VITE_API_BASE || '/rest/' };
}

/**
 * The API as the extension uses it: base URL and key come from storage (lib/storage.ts), and
 * before anything is sent each call checks that
 * - a key and a valid base URL are set, else ApiError 'not-configured';
 * - the host permission for that origin is granted (`permissions.contains`), else ApiError
 *   'no-permission' — without it Chrome answers a CORS failure that reads like "network error",
 *   which is exactly the cryptic message this extension exists to avoid.
 *
 * Settings are read on every call, so a change on the options page applies at once and the
 * returned object can live as long as the page (ApiProvider keeps one).
 */
import { createApi, type Api, type CreateApiOptions } from './create-api';
import { readSettings } from './read-settings';

// In their own module so a page that only needs to know whether it is set up (the popup) does
// not pull the HTTP client into its bundle.
export { readSettings, type Settings } from './read-settings';

export type SettingsApiOptions = Omit<CreateApiOptions, 'baseUrl' | 'getKey' | 'preflight'>;

/** One Api for the extension's pages and background. */
export function createApiFromSettings(options: SettingsApiOptions = {}): Api {
  let cached: { baseUrl: string; api: Api } | undefined;
  let key = '';

  async function current(): Promise<Api> {
    const settings = await readSettings();
    key = settings.key;
    if (cached?.baseUrl !== settings.baseUrl) {
      cached = {
        baseUrl: settings.baseUrl,
        api: createApi({
          ...options,
          baseUrl: settings.baseUrl,
          getKey: () => key,
        }),
      };
    }
    return cached.api;
  }

  return {
    // Reflect the settings last read; components that need them for links read storage.
    get baseUrl() {
      return cached?.baseUrl ?? '';
    },
    get origin() {
      return cached?.api.origin ?? '';
    },
    reportPageUrl: (id) => (cached ? cached.api.reportPageUrl(id) : ''),
    listReports: async (params, opts) => (await current()).listReports(params, opts),
    getReport: async (id, opts) => (await current()).getReport(id, opts),
    createReport: async (input, opts) => (await current()).createReport(input, opts),
    updateReport: async (id, input, opts) => (await current()).updateReport(id, input, opts),
    deleteReport: async (id, opts) => (await current()).deleteReport(id, opts),
    listProjects: async (params, opts) => (await current()).listProjects(params, opts),
    deleteProject: async (name, opts) => (await current()).deleteProject(name, opts),
  };
}

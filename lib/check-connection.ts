/**
 * "Test the connection" for the options page: one cheap request (`GET /reports?per_page=10`)
 * turned into a checklist — permission granted, address reachable, API key accepted — where any
 * failure names its cause (DNS, refused, TLS, timeout, 404 / not this service, a web page instead
 * of the API, a redirect, 401, 403, 429, 5xx, permission denied) and plain http to a host that
 * is not this machine is warned about. No retries: the person is waiting and pressed a button.
 */
import { i18n } from '#i18n';
import { createApi } from './api/create-api';
import { describeError } from './api/describe-error';
import { ApiError } from './api/errors';
import { normalizeBaseUrl } from './base-url';
import { hasHostPermission } from './permissions';

export type CheckId = 'permission' | 'reachable' | 'key';
export type CheckStatus = 'pass' | 'fail' | 'skipped';

export interface CheckItem {
  id: CheckId;
  label: string;
  status: CheckStatus;
  detail: string;
}

export interface ConnectionCheck {
  /** Every item passed. */
  ok: boolean;
  /** Always the three items, in the order permission, reachable, key. */
  items: CheckItem[];
  /** E.g. plain http to a non-loopback host. */
  warnings: string[];
  /** What normalisation changed in the base URL (e.g. removed /api/v1). */
  notes: string[];
  /** The failure behind a 'fail', for describeError (actions such as retry-later). */
  error?: unknown;
}

export interface CheckConnectionInput {
  baseUrl: string;
  key: string;
  /** For tests; the extension uses the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Defaults to `browser.permissions.contains` for the base URL's origin. */
  hasPermission?: (baseUrl: string) => Promise<boolean>;
  timeoutMs?: number;
}

/** Every sentence, in the browser's language (locales/*.yml, group `check`). */
export const checkText = {
  labels: {
    permission: () => i18n.t('check.labels.permission'),
    reachable: () => i18n.t('check.labels.reachable'),
    key: () => i18n.t('check.labels.key'),
  } satisfies Record<CheckId, () => string>,
  permissionGranted: (origin: string) => i18n.t('check.permissionGranted', [origin]),
  permissionDenied: (origin: string) => i18n.t('check.permissionDenied', [origin]),
  notTested: () => i18n.t('check.notTested'),
  noKey: () => i18n.t('check.noKey'),
  reachable: (ms: number) => i18n.t('check.reachable', [ms]),
  answeredButKeyUntested: () => i18n.t('check.answeredButKeyUntested'),
  keyAccepted: () => i18n.t('check.keyAccepted'),
  /** "<title>. <detail>" of describeError, as one line of the checklist. */
  failure: (title: string, detail: string) => i18n.t('check.failure', [title, detail]),
};

export async function checkConnection(input: CheckConnectionInput): Promise<ConnectionCheck> {
  const item = (id: CheckId, status: CheckStatus, detail: string): CheckItem => ({
    id,
    label: checkText.labels[id](),
    status,
    detail,
  });
  const done = (
    items: [CheckItem, CheckItem, CheckItem],
    extra: Partial<ConnectionCheck> = {},
  ): ConnectionCheck => ({
    ok: items.every((i) => i.status === 'pass'),
    items,
    warnings: [],
    notes: [],
    ...extra,
  });

  const normalized = normalizeBaseUrl(input.baseUrl);
  if (!normalized.ok) {
    return done([
      item('permission', 'skipped', checkText.notTested()),
      item('reachable', 'fail', normalized.error),
      item('key', 'skipped', checkText.notTested()),
    ]);
  }
  const { baseUrl, origin, warnings, notes } = normalized;
  const context = { warnings, notes };

  const granted = await (input.hasPermission ?? hasHostPermission)(baseUrl);
  const permission = granted
    ? item('permission', 'pass', checkText.permissionGranted(origin))
    : item('permission', 'fail', checkText.permissionDenied(origin));
  if (!granted) {
    return done(
      [
        permission,
        item('reachable', 'skipped', checkText.notTested()),
        item('key', 'skipped', checkText.notTested()),
      ],
      { ...context, error: new ApiError('no-permission', { origin }) },
    );
  }

  const key = input.key.trim();
  if (key === '') {
    return done(
      [
        permission,
        item('reachable', 'skipped', checkText.notTested()),
        item('key', 'fail', checkText.noKey()),
      ],
      {
        ...context,
        error: new ApiError('not-configured', {
          message: 'No API key is set',
          setup: 'no-key',
        }),
      },
    );
  }

  const api = createApi({
    baseUrl,
    getKey: () => key,
    fetch: input.fetch,
    retry: { limit: 0 },
    timeouts: { read: input.timeoutMs ?? 15_000 },
  });
  const started = Date.now();
  try {
    await api.listReports({ per_page: 10 });
    return done(
      [
        permission,
        item('reachable', 'pass', checkText.reachable(Date.now() - started)),
        item('key', 'pass', checkText.keyAccepted()),
      ],
      context,
    );
  } catch (error) {
    const { title, detail } = describeError(error);
    const why = checkText.failure(title, detail);
    const reached = item('reachable', 'pass', checkText.answeredButKeyUntested());
    let items: [CheckItem, CheckItem, CheckItem];
    if (error instanceof ApiError && error.kind === 'unauthorized' && error.status === undefined) {
      // Refused before sending: the key itself cannot be right.
      items = [
        permission,
        item('reachable', 'skipped', checkText.notTested()),
        item('key', 'fail', why),
      ];
    } else if (
      error instanceof ApiError &&
      (error.kind === 'unauthorized' || error.kind === 'forbidden')
    ) {
      items = [permission, reached, item('key', 'fail', why)];
    } else if (error instanceof ApiError && error.kind === 'rate-limited') {
      items = [permission, reached, item('key', 'skipped', why)];
    } else {
      // DNS, refused, TLS, timeout, 404, HTML, redirect, 5xx, unreadable: the address is wrong
      // or the service is down; the key could not be tested.
      items = [
        permission,
        item('reachable', 'fail', why),
        item('key', 'skipped', checkText.notTested()),
      ];
    }
    return done(items, { ...context, error });
  }
}

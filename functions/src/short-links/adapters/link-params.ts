/**
 * The short-link settings as Firebase params (declared in @dayfocus/contracts/function-params):
 * values come from `functions/.env.<project>` (the local stack's from `functions/.env.local`,
 * which the stack writes), and a deployed function refuses a missing or local value
 * (platform/domain/link-settings.ts).
 */
import type { StringParam } from 'firebase-functions/params';
import {
  LINK_SETTING_NAMES,
  parseLinkSettings,
  type LinkSettingName,
  type LinkSettings,
} from '../../platform/domain/link-settings.js';
import { stringParam } from '../../platform/adapters/params.js';
import { environment } from '../../platform/environment.js';

const params = Object.fromEntries(LINK_SETTING_NAMES.map((name) => [name, stringParam(name)])) as Record<
  LinkSettingName,
  StringParam
>;

export function readLinkSettings(): LinkSettings {
  const raw = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.value()])) as Record<
    LinkSettingName,
    string
  >;
  return parseLinkSettings(raw, { deployed: environment().deployedLinkSettings });
}

import type { TableListing } from '@flightchess/protocol';
import { isPresetName } from '@flightchess/rules';
import { t } from '../i18n';

/** One line about a listed table: its rules, seats taken and turn time. */
export function listingSummary(table: TableListing): string {
  const preset = isPresetName(table.preset) ? t(`preset.${table.preset}`) : table.preset;
  return t('tables.summary', { preset, seated: table.seated, size: table.size, seconds: table.turnSeconds });
}

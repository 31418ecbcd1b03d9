import type { TableListing } from '@flightchess/protocol';
import { presetName } from '../play/describe';
import { t } from '../i18n';

/** One line about a listed table: its rules, seats taken and turn time. */
export function listingSummary(table: TableListing): string {
  return t('tables.summary', { preset: presetName(table.preset), seated: table.seated, size: table.size, seconds: table.turnSeconds });
}

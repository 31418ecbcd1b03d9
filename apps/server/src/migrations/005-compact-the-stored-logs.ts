import { compactStored } from '../matches/compactStored';
import type { Migration } from '../storage/migrate';

export const compactTheStoredLogs: Migration = {
  version: 5,
  name: 'compact the stored logs',
  rewrite: compactStored,
};

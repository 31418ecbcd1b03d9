import { compactStored } from '../compactStored';
import type { Migration } from '../migrate';

export const compactTheStoredLogs: Migration = {
  version: 5,
  name: 'compact the stored logs',
  rewrite: compactStored,
};

import type { Presence } from '@colyseus/core';
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { ClientLimiter } from '../limits/clientLimiter';
import { metrics } from '../core/metrics';
import { ActionRate } from './actionRate';
import { Deployment, type ThisProcess } from './deployment';
import { Notices } from './notices';
import { type AdminDeps, adminRouter } from './router';

export interface ConsoleDeps {
  readonly token: string | undefined;
  readonly storage: AdminDeps['storage'];
  readonly presence: Presence;
  readonly limiter: Pick<ClientLimiter, 'addressOf' | 'budgets'>;
  readonly logger: Logger;
  readonly here: Omit<ThisProcess, 'actions'>;
  readonly tournaments: AdminDeps['tournaments'];
}

/** The engine actions this process has committed (the metric's own count). */
const actionsCommitted = async () => (await metrics.actions.get()).values[0]?.value ?? 0;

/**
 * The operator's console, one per process: its API (mounted under /api)
 * and this process's part of the deployment (its figures, its tables, its drain).
 */
export class OperatorConsole {
  readonly router: Router;
  private readonly actions = new ActionRate(actionsCommitted);
  private readonly deployment: Deployment;
  private readonly notices: Notices;

  constructor(deps: ConsoleDeps) {
    this.deployment = new Deployment(deps.presence, { ...deps.here, actions: this.actions });
    this.notices = new Notices(deps.storage, deps.presence);
    this.router = adminRouter({ ...deps, deployment: this.deployment, notices: this.notices });
  }

  /** Once the process listens: sample its actions, answer the other processes, hear notice changes. */
  async start(): Promise<void> {
    this.actions.start();
    await this.deployment.listen();
    await this.notices.start();
  }

  stop(): void {
    this.actions.stop();
    this.deployment.stop();
    this.notices.stop();
  }
}

import type { AdminAction, AdminActionName, Notice } from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** The operator's console (migration 6): the notice on every page, the audit of its actions (its bans: bans/). */
export interface AdminStorage {
  /** The notice every page shows; null clears it. */
  setNotice(notice: Notice | null): Promise<void>;
  notice(): Promise<Notice | null>;
  recordAdminAction(entry: AdminAction): Promise<void>;
  /** The newest entries of the audit, newest first. */
  adminActions(limit: number): Promise<AdminAction[]>;
}

const adminActionOf = (r: Row): AdminAction => ({
  at: r.at as number,
  address: r.address as string,
  action: r.action as AdminActionName,
  target: r.target as string,
  detail: r.detail as string,
});

export function adminRepository(sql: Sql): AdminStorage {
  return {
    setNotice: async (notice) => {
      if (!notice) await sql.run('DELETE FROM notices');
      else {
        await sql.run(
          'INSERT INTO notices (id, text, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at',
          [notice.text, notice.at],
        );
      }
    },
    notice: async () => {
      const r = await sql.get('SELECT text, updated_at FROM notices WHERE id = 1');
      return r ? { text: r.text as string, at: r.updated_at as number } : null;
    },
    recordAdminAction: async (e) =>
      void (await sql.run('INSERT INTO admin_actions (at, address, action, target, detail) VALUES (?, ?, ?, ?, ?)', [
        e.at,
        e.address,
        e.action,
        e.target,
        e.detail,
      ])),
    adminActions: async (limit) =>
      (await sql.all('SELECT at, address, action, target, detail FROM admin_actions ORDER BY id DESC LIMIT ?', [limit])).map(adminActionOf),
  };
}

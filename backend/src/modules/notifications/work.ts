/** The notifications' Home block: the caller's unread notifications, newest first. */
import { WORK_ITEMS_PER_BLOCK } from '../../../../common/contract/work-paths.ts';
import type { HomeBlockProvider, WorkContributions } from '../../lib/work-registry.ts';
import { HOME_PATH } from '../../../../common/links.ts';

const unread: HomeBlockProvider = {
  key: 'notifications.unread',
  order: 90,
  async build(db, caller) {
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL', [caller.id]);
    const rows = await db.query<{ id: number; title: string; body: string; link: string | null; created_at: Date }>(
      `SELECT id, title, body, link, created_at FROM notifications WHERE user_id = $1 AND read_at IS NULL ORDER BY id DESC LIMIT ${WORK_ITEMS_PER_BLOCK}`,
      [caller.id],
    );
    return {
      title: 'Unread notifications',
      hint: 'news about your work',
      count,
      href: HOME_PATH,
      items: rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.body, href: row.link ?? HOME_PATH, at: row.created_at.toISOString(), overdue: false })),
      next_queue: null,
    };
  },
};

export const notificationsWork: WorkContributions = { home: [unread] };

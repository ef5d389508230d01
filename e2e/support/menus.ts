import type pg from 'pg';

/**
 * Stored menus of the demo tenant for the administration journey: a group the journey's role opens
 * (two links), a link nobody is granted, and one entry shown to everyone (show_on_seed).
 */
export const MENUS = {
  group: 'Field Work',
  alpha: 'Alpha Reports',
  bravo: 'Bravo Board',
  secret: 'Charlie Ledger',
  handbook: 'Staff Handbook',
} as const;

export async function seedMenus(db: pg.Pool): Promise<void> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM tenants WHERE label = 'demo'`);
  const tenantId = rows[0]!.id;
  const insert = async (
    name: string,
    options: { parentId?: string; isGroup?: boolean; url?: string; showOnSeed?: boolean; order: number },
  ) => {
    const result = await db.query<{ id: string }>(
      `INSERT INTO menus (tenant_id, parent_id, menu_name, action_url, icon_class, is_group, show_on_seed, order_index)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        tenantId,
        options.parentId ?? null,
        name,
        options.url ?? '',
        options.isGroup ? 'folder' : 'file-search',
        options.isGroup ?? false,
        options.showOnSeed ?? false,
        options.order,
      ],
    );
    return result.rows[0]!.id;
  };
  const group = await insert(MENUS.group, { isGroup: true, order: 0 });
  await insert(MENUS.alpha, { parentId: group, url: '/applications?menu=alpha', order: 0 });
  await insert(MENUS.bravo, { parentId: group, url: '/applications?menu=bravo', order: 1 });
  await insert(MENUS.secret, { url: '/applications?menu=charlie', order: 1 });
  await insert(MENUS.handbook, { url: '/applications?menu=handbook', showOnSeed: true, order: 2 });
}

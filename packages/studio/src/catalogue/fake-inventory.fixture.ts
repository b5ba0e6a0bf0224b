import { setStockRequest, type InventoryItem, type StockMovementRow } from '@vitrine/commerce';

/**
 * The store's stock-keeping units by product name: the pan's two sizes (none left of 24 cm, 3 of 28 cm), the bread
 * knife (none), the chef knife (12) and a trowel made to order (not counted).
 */
export function sampleInventory(): InventoryItem[] {
  const item = (
    productId: number,
    variantId: number | null,
    productName: string,
    variantLabel: string | null,
    sku: string,
    stock: number,
  ) => ({
    productId,
    variantId,
    productName,
    variantLabel,
    sku,
    picture: null,
    stock,
    tracked: true,
    level: 'in' as const,
  });
  return [
    item(13, null, 'Bread knife', null, 'KN-BR', 0),
    item(12, 30, 'Cast-iron pan', '24 cm', 'PAN-CI-24', 0),
    item(12, 31, 'Cast-iron pan', '28 cm', 'PAN-CI-28', 3),
    item(11, null, 'Chef knife', null, 'KN-CH', 12),
    { ...item(5, null, 'Garden trowel', null, 'TR-5', 0), tracked: false },
  ];
}

/** The ledger, newest first: an order of two 28 cm pans, the owner's correction before it, the import that began it. */
export function sampleMovements(): StockMovementRow[] {
  const movement = (id: number, at: string, fields: Partial<StockMovementRow>): StockMovementRow => ({
    id,
    at,
    productId: 12,
    variantId: 31,
    productName: 'Cast-iron pan',
    variantLabel: '28 cm',
    change: 0,
    stockAfter: 0,
    reason: 'correction',
    orderCode: null,
    actor: 'Hana',
    ...fields,
  });
  return [
    movement(3, '2025-03-28T12:00:00.000Z', {
      change: -2,
      stockAfter: 3,
      reason: 'order',
      orderCode: 'ORDER00000000001',
      actor: 'ada@example.test',
    }),
    movement(2, '2025-03-27T09:30:00.000Z', { change: 4, stockAfter: 5 }),
    movement(1, '2025-03-20T08:00:00.000Z', { change: 1, stockAfter: 1, reason: 'import', actor: 'Hana (CSV import)' }),
  ];
}

/**
 * The stock calls of the fake server, on the server's rules (packages/server/src/studio/inventory.ts): levels by the
 * store's threshold, SetStock all or none with 409 STOCK_CHANGED when a count moved since it was read, each change a
 * correction in the ledger. `answer` gives the response, or `null` for another call.
 */
export function fakeInventoryServer(json: (status: number, body: unknown) => Response) {
  const state = { items: sampleInventory(), movements: sampleMovements(), lowStockThreshold: 5, inventoryQueries: [] as string[] };
  const fail = (status: number, code: string, message: string, field?: string, extra: object = {}) =>
    json(status, { error: { code, message, ...(field && { field }), ...extra } });
  const levelled = (item: InventoryItem): InventoryItem => ({
    ...item,
    level: !item.tracked ? 'in' : item.stock <= 0 ? 'out' : item.stock <= state.lowStockThreshold ? 'low' : 'in',
  });
  const find = (productId: number, variantId: number | null) =>
    state.items.find((item) => item.productId === productId && item.variantId === variantId);

  const answer = (path: string, body: Record<string, unknown>, url: URL): Response | null => {
    const param = (name: string) => url.searchParams.get(name) ?? '';
    switch (path) {
      case 'GetInventory': {
        state.inventoryQueries.push(url.searchParams.toString());
        const words = param('q').toLowerCase().split(/\s+/).filter(Boolean);
        const level = param('level');
        const found = state.items
          .map(levelled)
          .filter((item) => words.every((word) => `${item.productName} ${item.sku}`.toLowerCase().includes(word)))
          .filter((item) => !level || (level === 'out' ? item.level === 'out' : item.level !== 'in'));
        const sort = param('sort') || 'name';
        if (sort.startsWith('stock')) found.sort((a, b) => a.stock - b.stock);
        if (sort.endsWith('-desc')) found.reverse();
        const page = Number(param('page') || 1);
        const pageSize = Number(param('pageSize') || 50);
        return json(200, {
          data: {
            items: found.slice((page - 1) * pageSize, page * pageSize),
            total: found.length,
            more: false,
            page,
            pageSize,
            lowStockThreshold: state.lowStockThreshold,
          },
        });
      }
      case 'SetStock': {
        const parsed = setStockRequest.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.join('.');
          return fail(400, 'BAD_REQUEST', `${field}: ${issue.message}`, field);
        }
        const { items } = parsed.data;
        for (const [i, wanted] of items.entries()) {
          const item = find(wanted.productId, wanted.variantId);
          if (!item) return fail(404, 'NOT_FOUND', `items.${i}: this store has no such product or variant`, `items.${i}`);
          if (wanted.expected !== undefined && wanted.expected !== item.stock)
            return fail(
              409,
              'STOCK_CHANGED',
              `${item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName} has ${item.stock} in stock now, not the ${wanted.expected} you saw (an order moved it since), so nothing was saved. Check the count and set it again.`,
              `items.${i}`,
              {
                stock: item.stock,
              },
            );
        }
        const after = items.map((wanted) => {
          const item = find(wanted.productId, wanted.variantId)!;
          state.movements.unshift({
            id: state.movements.length + 1,
            at: '2025-03-29T10:00:00.000Z',
            productId: item.productId,
            variantId: item.variantId,
            productName: item.productName,
            variantLabel: item.variantLabel,
            change: wanted.stock - item.stock,
            stockAfter: wanted.stock,
            reason: 'correction',
            orderCode: null,
            actor: 'Hana',
          });
          item.stock = wanted.stock;
          return levelled(item);
        });
        return json(200, { data: { items: after } });
      }
      case 'GetStockMovements': {
        const productId = param('productId');
        const page = Number(param('page') || 1);
        const pageSize = Number(param('pageSize') || 50);
        const found = state.movements.filter((m) => !productId || m.productId === Number(productId));
        return json(200, {
          data: { movements: found.slice((page - 1) * pageSize, page * pageSize), page, pageSize, hasMore: found.length > page * pageSize },
        });
      }
      case 'GetStockSettings':
        return json(200, { data: { lowStockThreshold: state.lowStockThreshold } });
      case 'SaveStockSettings': {
        const threshold = body.lowStockThreshold;
        if (typeof threshold !== 'number' || !Number.isInteger(threshold) || threshold < 0)
          return fail(400, 'BAD_REQUEST', 'lowStockThreshold: must be a whole number, not negative', 'lowStockThreshold');
        state.lowStockThreshold = threshold;
        return json(200, { data: { lowStockThreshold: threshold } });
      }
      default:
        return null;
    }
  };
  return { state, answer };
}

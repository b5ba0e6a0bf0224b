import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  parseCartCode,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  sameLine,
  staysInCart,
  withQuantity,
  type CartAnswer,
  type CartCodeParts,
  type CartItem,
  type CartLineStatus,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { firstImage } from './catalog.ts';
import { pricedOptionSets } from './line-options.ts';

/**
 * The cart (§3.5–§3.7, §4, §7). A line is a cart code's parts; a saved line (a customer's) also has its id and its
 * add-ons' ids. Every answer prices the lines against the catalogue as it is now: a line whose product, variant or
 * add-on is gone is `unavailable`, one with no stock `outofstock` (both leave the cart), and one asking for more
 * than there is `lessstock`, lowered to the stock. A customer's cart changes in transactions that lock it first, so
 * quick clicks and two tabs take turns and lose nothing.
 */

interface Line {
  parts: CartCodeParts;
  /** 0 until saved. */
  cartItemId: number;
  /** The saved add-ons' ids by add-on. */
  addonLineIds: ReadonlyMap<number, number>;
}

const unsaved = (parts: CartCodeParts): Line => ({ parts, cartItemId: 0, addonLineIds: new Map() });

const statusMessages: Record<CartLineStatus, (stock: number, choices: readonly string[]) => string> = {
  ok: () => '',
  lessstock: (stock) => `Only ${stock} left: the quantity is now ${stock}`,
  outofstock: () => 'Out of stock',
  unavailable: () => 'No longer available',
  choosevariant: (_stock, choices) => chooseMessage(choices),
};

/** What a line whose variant is gone asks for, by what its product's variants differ in: "Choose a size". */
export function chooseMessage(choices: readonly string[]): string {
  const what = choices.map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (!what.length) return 'Choose an option';
  const named = what.length === 1 ? what[0]! : `${what.slice(0, -1).join(', ')} and ${what.at(-1)!}`;
  return `Choose ${/^[aeiou]/.test(named) ? 'an' : 'a'} ${named}`;
}

/** The lines priced against the catalogue now, each with its status (its quantity lowered when the stock is less). */
async function priceLines(db: Db, lines: readonly Line[]): Promise<CartItem[]> {
  if (!lines.length) return [];
  const productIds = [...new Set(lines.map((line) => line.parts.productId))];
  const optionSetIds = [...new Set(lines.flatMap((line) => (line.parts.options ? [line.parts.options] : [])))];
  // One statement for the products with their variants and add-ons: a cart is priced on every change.
  const [products, optionSets] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoinLateral(firstImage, (join) => join.onTrue())
      .select((eb) => [
        'p.product_id',
        'p.name',
        'p.slug',
        'p.sku',
        'p.price',
        'p.stock',
        'p.stock_status_id',
        'p.track_stock',
        'p.is_published',
        'img.file',
        jsonArrayFrom(
          eb
            .selectFrom('variants as v')
            .select(['v.variant_id', 'v.sku', 'v.name', 'v.price', 'v.stock', 'v.image_file'])
            .whereRef('v.product_id', '=', 'p.product_id'),
        ).as('variants'),
        jsonArrayFrom(
          eb.selectFrom('addons as a').select(['a.addon_id', 'a.name', 'a.price']).whereRef('a.product_id', '=', 'p.product_id'),
        ).as('addons'),
        // What the variants differ in (Size, Colour), to say what a line whose variant is gone must choose.
        jsonArrayFrom(
          eb
            .selectFrom('variant_values as vv')
            .innerJoin('variants as vx', 'vx.variant_id', 'vv.variant_id')
            .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
            .innerJoin('attributes as at', 'at.attribute_id', 'av.attribute_id')
            .select(['at.attribute_id', 'at.name'])
            .distinct()
            .whereRef('vx.product_id', '=', 'p.product_id')
            .orderBy('at.attribute_id'),
        ).as('choices'),
      ])
      .where('p.product_id', 'in', productIds)
      .execute(),
    pricedOptionSets(db, optionSetIds),
  ]);
  const productOf = new Map(products.map((p) => [p.product_id, p]));
  return lines.map(({ parts, cartItemId, addonLineIds }) => {
    const product = productOf.get(parts.productId);
    const ownVariants = product?.variants ?? [];
    const variant = ownVariants.find((v) => v.variant_id === parts.variantId) ?? null;
    // Each add-on counts once on a line, even if a saved line holds it twice (codes are read without repeats).
    const lineAddons = [...new Set(parts.addonIds)].map((id) => product?.addons.find((a) => a.addon_id === id));
    const options = parts.options ? optionSets.get(parts.options) : undefined;
    const sold =
      product?.is_published === true &&
      // A product with variants is bought as one of them; one without, as itself.
      (ownVariants.length ? variant !== null : parts.variantId === 0) &&
      lineAddons.every((addon) => addon !== undefined) &&
      // Chosen options must be this product's, with every value still offered.
      (!parts.options || options?.productId === parts.productId);
    // A product whose stock is not counted (made to order) has as many as a line may ask for.
    const stock =
      !product || product.stock_status_id === 2 ? 0 : !product.track_stock ? MAX_LINE_QUANTITY : (variant?.stock ?? product.stock);
    // Only the variant is missing: the product, its add-ons and options are still sold, and another variant is in stock.
    const choose =
      !sold &&
      product?.is_published === true &&
      variant === null &&
      product.stock_status_id !== 2 &&
      (!product.track_stock || ownVariants.some((v) => v.stock > 0)) &&
      lineAddons.every((addon) => addon !== undefined) &&
      (!parts.options || options?.productId === parts.productId);
    const status: CartLineStatus = choose
      ? 'choosevariant'
      : !sold
        ? 'unavailable'
        : stock <= 0
          ? 'outofstock'
          : parts.quantity > stock
            ? 'lessstock'
            : 'ok';
    const quantity = status === 'lessstock' ? stock : parts.quantity;
    const price = variant?.price ?? product?.price ?? 0;
    return {
      cartItemID: String(cartItemId),
      cartItemCode: withQuantity(parts, quantity),
      quantity: String(quantity),
      price: String(price),
      status,
      statusMessage: statusMessages[status](stock, product?.choices.map((choice) => choice.name) ?? []),
      product: {
        productID: parts.productId,
        variantID: parts.variantId,
        sku: variant?.sku ?? product?.sku ?? '',
        itemName: product?.name ?? 'A product no longer sold',
        variantName: variant?.name ?? '',
        price,
        imageFile: variant?.image_file ?? product?.file ?? null,
        thumbnailFile: variant?.image_file ?? product?.file ?? null,
        productURL: product ? `/${product.slug}` : '/',
      },
      addons: lineAddons.flatMap((addon) =>
        addon
          ? [
              {
                cartAddonID: String(addonLineIds.get(addon.addon_id) ?? 0),
                addonID: addon.addon_id,
                addonName: addon.name,
                quantity: String(quantity),
                price: addon.price,
                totalPrice: addon.price * quantity,
              },
            ]
          : [],
      ),
      options: options?.chosen ?? [],
    };
  });
}

/** The answer for priced `items`, with the status of the line `named` (a cart code) when a call named one. */
function answerOf(items: CartItem[], named: CartCodeParts | null = null): CartAnswer {
  const changed = items.filter((item) => item.status !== 'ok');
  const removed = changed.filter((item) => !staysInCart(item.status));
  // A line that only needs its size (or colour) chosen again says so, rather than that it is no longer sold (issue 33).
  const choose = removed.filter((item) => item.status === 'choosevariant');
  const gone = removed.filter((item) => item.status !== 'choosevariant');
  const namedItem = named ? items.find((item) => sameLine(codeParts(item), named)) : undefined;
  return {
    data: {
      data: items,
      cartStatusHeading: gone.length
        ? 'Some items left your cart'
        : choose.length
          ? 'Choose again'
          : changed.length
            ? 'Your cart was updated'
            : '',
      cartStatusMessage: removed.length
        ? [
            gone.length
              ? `${gone.map((item) => item.product.itemName).join(', ')} ${gone.length === 1 ? 'is' : 'are'} no longer available to buy.`
              : '',
            ...choose.map((item) => `${item.statusMessage} for ${item.product.itemName}: the one in your cart is no longer sold.`),
          ]
            .filter(Boolean)
            .join(' ')
        : changed.length
          ? 'Some quantities were lowered to the stock there is.'
          : '',
      cartResponse: namedItem
        ? { cartCode: namedItem.cartItemCode, status: namedItem.status, statusMessage: namedItem.statusMessage }
        : null,
    },
  };
}

const codeParts = (item: CartItem): CartCodeParts => parseCartCode(item.cartItemCode)!;

/** Lines added to `lines`: the same product, variant and add-ons merge and their quantities add up (§4). */
function merged(lines: readonly CartCodeParts[]): CartCodeParts[] {
  const out: CartCodeParts[] = [];
  for (const parts of lines) {
    const same = out.find((line) => sameLine(line, parts));
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + parts.quantity);
    else out.push({ ...parts, addonIds: [...parts.addonIds].sort((a, b) => a - b) });
  }
  return out;
}

/** The lines of `codes` (the same line once, quantities summed) priced against the catalogue now. */
export const pricedItems = (db: Db, codes: readonly CartCodeParts[]): Promise<CartItem[]> => priceLines(db, merged(codes).map(unsaved));

/** Prices codes the browser holds: a guest's cart, or a buy-now line. `named` is the line a call added or changed. */
export async function priceCodes(db: Db, codes: readonly CartCodeParts[], named: CartCodeParts | null = null): Promise<CartAnswer> {
  return answerOf(await pricedItems(db, named ? [...codes, named] : codes), named);
}

/** A customer's saved lines, oldest first. */
async function savedLines(db: Db, customerId: number): Promise<Line[]> {
  const rows = await db
    .selectFrom('cart_lines as l')
    .innerJoin('carts as c', 'c.cart_id', 'l.cart_id')
    .select([
      'l.cart_item_id',
      'l.product_id',
      'l.variant_id',
      'l.quantity',
      'l.option_set',
      (eb) =>
        eb
          .selectFrom('cart_line_addons as a')
          .select(
            sql<[number, number][]>`coalesce(json_agg(json_build_array(a.addon_id, a.cart_addon_id) ORDER BY a.addon_id), '[]')`.as('x'),
          )
          .whereRef('a.cart_item_id', '=', 'l.cart_item_id')
          .as('addons'),
    ])
    .where('c.customer_id', '=', customerId)
    .orderBy('l.created_at')
    .orderBy('l.cart_item_id')
    .execute();
  return rows.map((row) => {
    const addons = row.addons ?? [];
    return {
      parts: {
        productId: row.product_id,
        quantity: row.quantity,
        variantId: row.variant_id ?? 0,
        addonIds: addons.map(([addonId]) => addonId),
        ...(row.option_set ? { options: row.option_set } : {}),
      },
      cartItemId: row.cart_item_id,
      addonLineIds: new Map(addons),
    };
  });
}

/** A customer's cart as it is saved, priced now. Reading changes nothing: the shopper removes what left it. */
export async function customerCart(db: Db, customerId: number): Promise<CartAnswer> {
  return answerOf(await priceLines(db, await savedLines(db, customerId)));
}

/**
 * Runs `change` on the customer's cart in a transaction that holds the cart's row, so changes to one cart take turns,
 * then answers the cart. Lines that left the catalogue or its stock are taken out, and quantities lowered to the stock.
 */
async function changeCart(
  db: Db,
  webId: number,
  customerId: number,
  change: (trx: Db, cartId: number, lines: Line[]) => Promise<void>,
  named: CartCodeParts | null = null,
): Promise<CartAnswer> {
  const items = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('carts')
      .values({ web_id: webId, customer_id: customerId })
      .onConflict((oc) => oc.columns(['web_id', 'customer_id']).doNothing())
      .execute();
    const { cart_id: cartId } = await trx
      .selectFrom('carts')
      .select('cart_id')
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await change(trx, cartId, await savedLines(trx, customerId));
    const priced = await priceLines(trx, await savedLines(trx, customerId));
    const gone = priced.filter((item) => !staysInCart(item.status)).map((item) => Number(item.cartItemID));
    if (gone.length) await trx.deleteFrom('cart_lines').where('cart_item_id', 'in', gone).execute();
    for (const item of priced.filter((item) => item.status === 'lessstock'))
      await trx
        .updateTable('cart_lines')
        .set({ quantity: Number(item.quantity) })
        .where('cart_item_id', '=', Number(item.cartItemID))
        .execute();
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('cart_id', '=', cartId).execute();
    return priced;
  });
  return answerOf(items, named);
}

/** Adds `codes` to the saved lines (merging the same line), as a new line each otherwise; the cart's size is capped. */
async function addLines(trx: Db, webId: number, cartId: number, lines: readonly Line[], codes: readonly CartCodeParts[]): Promise<void> {
  let count = lines.length;
  for (const parts of merged(codes)) {
    const same = lines.find((line) => sameLine(line.parts, parts));
    if (same) {
      await trx
        .updateTable('cart_lines')
        .set({ quantity: Math.min(MAX_LINE_QUANTITY, same.parts.quantity + parts.quantity) })
        .where('cart_item_id', '=', same.cartItemId)
        .execute();
      continue;
    }
    if (++count > MAX_CART_LINES) throw new HttpError(400, 'CART_FULL', `A cart holds at most ${MAX_CART_LINES} lines`, 'CartCodes');
    const { cart_item_id } = await trx
      .insertInto('cart_lines')
      .values({
        web_id: webId,
        cart_id: cartId,
        product_id: parts.productId,
        variant_id: parts.variantId || null,
        quantity: parts.quantity,
        option_set: parts.options ?? null,
      })
      .returning('cart_item_id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // A product or variant that is not this store's (or no longer exists) cannot be saved: the line is refused.
        if (isForeignKeyViolation(error)) throw new HttpError(400, 'NOT_FOUND', `No product ${parts.productId} to add`, 'CartCodes');
        throw error;
      });
    if (parts.addonIds.length)
      await trx
        .insertInto('cart_line_addons')
        .values(parts.addonIds.map((addonId) => ({ web_id: webId, cart_item_id, addon_id: addonId })))
        .execute()
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) throw new HttpError(400, 'NOT_FOUND', 'No such add-on to add', 'CartCodes');
          throw error;
        });
  }
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

/** SyncCart: the browser's unsaved lines join the customer's cart (a guest's cart, at sign-in). */
export function syncCart(db: Db, webId: number, customerId: number, codes: readonly CartCodeParts[]): Promise<CartAnswer> {
  return changeCart(db, webId, customerId, (trx, cartId, lines) => addLines(trx, webId, cartId, lines, codes));
}

/** AddCartItem: adds a line (`cartItemId` 0), or sets a saved line's quantity to the code's. */
export function addCartItem(db: Db, webId: number, customerId: number, code: CartCodeParts, cartItemId: number): Promise<CartAnswer> {
  return changeCart(
    db,
    webId,
    customerId,
    async (trx, cartId, lines) => {
      if (cartItemId === 0) return addLines(trx, webId, cartId, lines, [code]);
      const line = lines.find((saved) => saved.cartItemId === cartItemId);
      if (!line) throw new HttpError(404, 'NOT_FOUND', 'No such line in your cart', 'CartItemID');
      if (!sameLine(line.parts, code)) throw new HttpError(400, 'VALIDATION', 'is a different line than the cart code', 'CartCode');
      await trx.updateTable('cart_lines').set({ quantity: code.quantity }).where('cart_item_id', '=', cartItemId).execute();
    },
    code,
  );
}

/** RemoveCartItem. */
export function removeCartItem(db: Db, webId: number, customerId: number, cartItemId: number): Promise<CartAnswer> {
  return changeCart(db, webId, customerId, async (trx, _cartId, lines) => {
    if (!lines.some((line) => line.cartItemId === cartItemId))
      throw new HttpError(404, 'NOT_FOUND', 'No such line in your cart', 'CartItemID');
    await trx.deleteFrom('cart_lines').where('cart_item_id', '=', cartItemId).execute();
  });
}

/** RemoveCartAddon: the line stays without that add-on. */
export function removeCartAddon(db: Db, webId: number, customerId: number, cartItemId: number, cartAddonId: number): Promise<CartAnswer> {
  return changeCart(db, webId, customerId, async (trx, _cartId, lines) => {
    const line = lines.find((saved) => saved.cartItemId === cartItemId);
    if (!line) throw new HttpError(404, 'NOT_FOUND', 'No such line in your cart', 'CartItemID');
    if (![...line.addonLineIds.values()].includes(cartAddonId))
      throw new HttpError(404, 'NOT_FOUND', 'No such add-on on that line', 'CartAddonID');
    await trx.deleteFrom('cart_line_addons').where('cart_addon_id', '=', cartAddonId).execute();
    // Without it, the line may now be the same as another: they merge.
    const without = { ...line.parts, addonIds: line.parts.addonIds.filter((id) => line.addonLineIds.get(id) !== cartAddonId) };
    const twin = lines.find((other) => other.cartItemId !== cartItemId && sameLine(other.parts, without));
    if (twin) {
      await trx
        .updateTable('cart_lines')
        .set({ quantity: Math.min(MAX_LINE_QUANTITY, twin.parts.quantity + line.parts.quantity) })
        .where('cart_item_id', '=', twin.cartItemId)
        .execute();
      await trx.deleteFrom('cart_lines').where('cart_item_id', '=', cartItemId).execute();
    }
  });
}

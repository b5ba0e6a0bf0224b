import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ChosenOption, OptionFile } from '@vitrine/commerce';

/** Column types of the tables the migrations make, for Kysely; migrations.test.ts checks them against the migrated database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A count the database's triggers write; read as a number (connect.ts parses int8 so). */
type Counted = ColumnType<number, never, never>;
type Json<T extends object | null = object> = JSONColumnType<T, string, string>;

export interface SitesTable {
  web_id: Generated<number>;
  title: string;
  link: Generated<string>;
  static_cdn: Generated<string>;
  redirect_url: Generated<string>;
  main_domain: string;
  sub_domain: Generated<string>;
  is_sub_domain: Generated<boolean>;
  base_currency: string;
  active_theme_id: number | null;
  meta: ColumnType<Record<string, string>, string | undefined, string>;
  scripts: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  realtime_database: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  is_maintenance: Generated<boolean>;
  maintenance_heading: Generated<string>;
  maintenance_description: Generated<string>;
  maintenance_password_hash: string | null;
  account_mode: Generated<number>;
  contact_requirement_mode: Generated<number>;
  consent_banner: Generated<boolean>;
  created_at: Timestamp;
  /** Stock under this count is "low" in the back office (migration 0023). */
  low_stock_threshold: Generated<number>;
}

export interface SiteDomainsTable {
  domain: string;
  web_id: number | null;
}

export interface CurrenciesTable {
  web_id: number;
  code: string;
  symbol: string;
  rate: number;
  is_default: Generated<boolean>;
  sort: Generated<number>;
}

export interface ThemesTable {
  theme_id: Generated<number>;
  web_id: number;
  name: string;
  is_public: Generated<boolean>;
  draft: Json;
  draft_revision: Generated<number>;
  published: ColumnType<unknown, string | null | undefined, string | null>;
  published_css: string | null;
  published_version: Generated<number>;
  updated_at: Timestamp;
  published_at: Date | null;
}

export interface ThemeVersionsTable {
  web_id: number;
  theme_id: number;
  version: number;
  document: Json;
  css: string;
  published_at: Timestamp;
}

export interface PagesTable {
  page_id: Generated<number>;
  web_id: number;
  page_type_id: number;
  slug: string;
  title: string;
  draft: Json;
  draft_revision: Generated<number>;
  published: ColumnType<unknown, string | null | undefined, string | null>;
  published_version: Generated<number>;
  updated_at: Timestamp;
  published_at: Date | null;
}

export interface PageVersionsTable {
  web_id: number;
  page_id: number;
  version: number;
  document: Json;
  published_at: Timestamp;
}

export interface OwnersTable {
  owner_id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  created_at: Timestamp;
}

export interface SiteOwnersTable {
  owner_id: number;
  web_id: number;
}

export interface OwnerSessionsTable {
  token_hash: string;
  owner_id: number;
  expires_at: Date;
  created_at: Timestamp;
}

export interface CustomersTable {
  customer_id: Generated<number>;
  web_id: number;
  email: string | null;
  phone: string | null;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company: Generated<string>;
  customer_type_id: Generated<number>;
  status_id: Generated<number>;
  created_at: Timestamp;
  password_changed_at: Date | null;
}

export interface CustomerAddressesTable {
  address_id: Generated<number>;
  web_id: number;
  customer_id: number;
  full_name: string;
  line1: string;
  line2: Generated<string>;
  city: string;
  region: Generated<string>;
  postal_code: Generated<string>;
  country: string;
  phone: Generated<string>;
  is_default: Generated<boolean>;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  web_id: number;
  customer_id: number | null;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  web_id: number;
  customer_id: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  category_id: Generated<number>;
  web_id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  description: Generated<string>;
  image_file: string | null;
  sort: Generated<number>;
  /** The SEO title and description (migration 0022), as a product's `meta` holds them. */
  meta: ColumnType<Record<string, string>, string | undefined, string>;
}

export interface BrandsTable {
  brand_id: Generated<number>;
  web_id: number;
  name: string;
  slug: string;
  logo_file: string | null;
  description: Generated<string>;
}

export interface ProductsTable {
  product_id: Generated<number>;
  web_id: number;
  category_id: number | null;
  brand_id: number | null;
  name: string;
  slug: string;
  description: Generated<string>;
  sku: string;
  price: number;
  compare_at_price: number | null;
  stock: Generated<number>;
  stock_status_id: Generated<number>;
  is_hide_price: Generated<boolean>;
  rating: Generated<number>;
  rating_count: Generated<number>;
  popularity: Generated<number>;
  /** Set from `status` by a trigger (migration 0021): true exactly when the product is active. */
  is_published: Generated<boolean>;
  meta: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: Timestamp;
  status: Generated<'draft' | 'active' | 'archived'>;
  /**
   * Raised by each studio save and by each stock move of an order (`shop/stock.ts`): a save carrying an older one is
   * refused (409 PRODUCT_CHANGED).
   */
  version: Generated<number>;
  track_stock: Generated<boolean>;
  /** Kept by a trigger: name, brand, category and SKU folded (migration 0004). */
  search_text: Generated<string>;
  /** Kept by triggers from product_values and the variants' variant_values. */
  spec_value_ids: Generated<number[]>;
  variant_value_ids: Generated<number[]>;
  /** GTIN, EAN or UPC; '' when none (migration 0023). */
  barcode: Generated<string>;
}

export interface ProductValuesTable {
  web_id: number;
  product_id: number;
  value_id: number;
}

export interface ProductImagesTable {
  image_id: Generated<number>;
  web_id: number;
  product_id: number;
  file: string;
  width: number;
  height: number;
  alt: Generated<string>;
  sort: Generated<number>;
}

export interface AttributesTable {
  attribute_id: Generated<number>;
  web_id: number;
  name: string;
  display_type: 'dropdown' | 'namelist' | 'color';
}

export interface AttributeValuesTable {
  value_id: Generated<number>;
  web_id: number;
  attribute_id: number;
  name: string;
  color: string | null;
  sort: Generated<number>;
}

export interface VariantsTable {
  variant_id: Generated<number>;
  web_id: number;
  product_id: number;
  sku: string;
  name: string;
  price: number;
  stock: Generated<number>;
  image_file: string | null;
  compare_at_price: Generated<number | null>;
  barcode: Generated<string>;
}

export interface VariantValuesTable {
  web_id: number;
  variant_id: number;
  value_id: number;
}

export interface ProductOptionsTable {
  option_id: Generated<number>;
  web_id: number;
  product_id: number;
  name: string;
  input_type_id: number;
  is_mandatory: Generated<boolean>;
  sort: Generated<number>;
}

export interface ProductOptionValuesTable {
  value_id: Generated<number>;
  web_id: number;
  option_id: number;
  name: string;
  price: Generated<number>;
}

export interface AddonsTable {
  addon_id: Generated<number>;
  web_id: number;
  product_id: number;
  name: string;
  price: number;
}

export interface CartsTable {
  cart_id: Generated<number>;
  web_id: number;
  customer_id: number;
  updated_at: Timestamp;
}

export interface CartLinesTable {
  cart_item_id: Generated<number>;
  web_id: number;
  cart_id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
  created_at: Timestamp;
  /** The line's chosen product options (`option_sets`), when it has any (migration 0010). */
  option_set: string | null;
}

/** Product options a shopper chose, kept once per store under an id made from them (migration 0010). */
export interface OptionSetsTable {
  web_id: number;
  option_set_id: string;
  product_id: number;
  /** What was chosen, as a line shows it, with the ids of the values picked (their prices are read when priced). */
  chosen: ColumnType<(ChosenOption & { valueIds: number[] })[], string, string>;
  /** Files given for options of type 6, by option id. */
  files: ColumnType<Record<string, OptionFile>, string | undefined, string>;
  created_at: Timestamp;
}

export interface CartLineAddonsTable {
  cart_addon_id: Generated<number>;
  web_id: number;
  cart_item_id: number;
  addon_id: number;
  quantity: Generated<number>;
}

export interface ReviewVotesTable {
  web_id: number;
  review_id: number;
  customer_id: number;
  created_at: Timestamp;
}

/** Each store's catalogue version (migration 0007), one more for every statement that changed a listing's facets. */
export interface CatalogueVersionsTable {
  web_id: number;
  version: Counted;
}

/** The products each version changed, for the last 100 versions of a store. */
export interface CatalogueChangesTable {
  web_id: number;
  version: Counted;
  product_id: number;
}

/** A store's ways of delivering (migration 0008): a flat rate, free from an order's subtotal of `free_from`. */
export interface DeliveryOptionsTable {
  delivery_option_id: Generated<number>;
  web_id: number;
  name: string;
  price: number;
  free_from: number | null;
  sort: Generated<number>;
}

/** Each status an order took, with its time and a note (migration 0008). */
export interface OrderEventsTable {
  event_id: Generated<number>;
  web_id: number;
  order_id: number;
  status: string;
  note: Generated<string>;
  created_at: Timestamp;
}

/** A card payment opened at the payment provider for an order, and what became of it (migration 0009). */
export interface PaymentsTable {
  payment_id: Generated<number>;
  web_id: number;
  order_id: number;
  provider: string;
  provider_ref: string;
  amount: number;
  currency_code: string;
  status: Generated<'pending' | 'authorised' | 'declined'>;
  /** The one payment that paid its order (migration 0017): a unique index allows one per order. */
  pays_order: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SearchWordsTable {
  web_id: number;
  word: string;
}

export interface WishlistItemsTable {
  web_id: number;
  customer_id: number;
  product_id: number;
  created_at: Timestamp;
}

export interface OrdersTable {
  order_id: Generated<number>;
  web_id: number;
  order_code: string;
  idempotency_key: string;
  /** Who placed the order and what they sent, hashed: its key replays it only to that checkout (migration 0017). */
  request_hash: string | null;
  customer_id: number | null;
  status: Generated<string>;
  payment_status: Generated<string>;
  email: string | null;
  phone: string | null;
  shipping_address: Json<Record<string, string>>;
  delivery_method: string;
  payment_method: string;
  currency_code: string;
  currency_rate: number;
  /** The symbol the currency had when the order was placed (migration 0016). */
  currency_symbol: Generated<string>;
  /** The total as the shopper was charged it, in the smallest shown units of its currency; null before migration 0016. */
  total_units: number | null;
  /** The tracker's session (`vt_sid`) the order was placed in, when the shopper's browser had one. */
  tracking_session_id: string | null;
  subtotal: number;
  shipping_total: Generated<number>;
  total: number;
  created_at: Timestamp;
}

export interface OrderLinesTable {
  line_id: Generated<number>;
  web_id: number;
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  name: string;
  variant_name: Generated<string>;
  sku: Generated<string>;
  quantity: number;
  unit_price: number;
  addons: ColumnType<unknown[], string | undefined, string>;
  line_total: number;
  /** The product options chosen, as the order shows them (migration 0010). */
  options: ColumnType<ChosenOption[], string | undefined, string>;
  /**
   * The id of the chosen options (`option_sets`), so the line's cart code is the one it was bought with (migration 0019;
   * lines placed before it, from their choices in words where one set reads the same, migration 0020).
   */
  option_set: string | null;
}

export interface ReviewsTable {
  review_id: Generated<number>;
  web_id: number;
  product_id: number;
  customer_id: number | null;
  author_name: string;
  rating: number;
  title: Generated<string>;
  body: Generated<string>;
  helpful_count: Generated<number>;
  created_at: Timestamp;
}

export interface TrackingSessionsTable {
  web_id: number;
  session_id: string;
  visitor_id: string;
  customer_id: number | null;
  landing_url: string;
  referrer: Generated<string>;
  /** The referrer's host name; '' for a direct visit or one from the store itself. */
  referrer_host: Generated<string>;
  ip_address: Generated<string>;
  /** The §3.13 GeoLocation record, or null when it could not be resolved. */
  geo: ColumnType<unknown, string | null | undefined, string | null>;
  /** ISO country code; '' when unknown. */
  country: Generated<string>;
  browser: Generated<string>;
  os: Generated<string>;
  /** 'Desktop', 'Mobile', 'Tablet', or another ua-parser device type capitalised. */
  device: Generated<string>;
  /** The utm_ parameters of the landing address, or null. */
  utm: ColumnType<unknown, string | null | undefined, string | null>;
  started_at: Timestamp;
}

export interface TrackingEventsTable {
  web_id: number;
  event_id: string;
  session_id: string;
  event_type: string;
  /** The page's path (and query), never the origin. */
  url: string;
  duration_ms: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface ConversionEventsTable {
  web_id: number;
  event_id: string;
  event_name: string;
  event: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Date | null;
  /** Until when a sending round holds the event (migration 0015); past it, another round may send it. */
  claimed_until: Date | null;
}

export interface MailOutboxTable {
  mail_id: Generated<number>;
  web_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  sent_at: Date | null;
}

export interface FormSubmissionsTable {
  submission_id: Generated<number>;
  web_id: number;
  kind: 'contact' | 'subscribe' | 'form';
  page_id: number | null;
  section_id: string | null;
  data: Json;
  created_at: Timestamp;
}

export interface MediaTable {
  media_id: Generated<number>;
  web_id: number;
  path: string;
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  name: Generated<string>;
  created_at: Timestamp;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Date;
  hits: number;
}

/** Every table, as Kysely sees the database. */
/** One store's UTC day of visits and orders, rolled up from the raw tables (migration 0013, shop/analytics.ts). */
export interface AnalyticsDaysTable {
  web_id: number;
  /** Read back as a Date at the driver's local midnight: select it as text (`to_char`) instead. */
  day: ColumnType<Date, string, string>;
  /** Distinct visitor ids of the day. */
  visitors: Generated<number>;
  /** Sessions started this day, and their page views, summed page durations and bounces (one page view or none). */
  sessions: Generated<number>;
  page_views: Generated<number>;
  duration_ms: Generated<number>;
  bounces: Generated<number>;
  /**
   * Sales placed this day: orders paid, or paid on delivery, and not cancelled (`SALE_ORDERS`), and their totals in
   * minor units of the base currency.
   */
  orders: Generated<number>;
  revenue: Generated<number>;
  /** Sessions started this day that placed a sale: the conversion rate's numerator. */
  converted_sessions: Generated<number>;
  /** HyperLogLog registers of the day's visitor ids, merged over a period for its distinct visitors. */
  visitor_sketch: Uint8Array | null;
  rolled_at: Timestamp;
}

/** One name's count on one day, in one dimension: page, referrer, campaign, device, browser or country. */
export interface AnalyticsBreakdownTable {
  web_id: number;
  day: ColumnType<Date, string, string>;
  dimension: string;
  name: string;
  count: number;
}

/** An owner's redirect rule (§2.1): a source path, as rules compare paths, sent to `target` with `status`. */
export interface RedirectRulesTable {
  rule_id: Generated<number>;
  web_id: number;
  from_path: string;
  target: string;
  status: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One change of a tracked stock, why and by whom (migration 0023); written by shop/stock-ledger.ts. */
export interface StockMovementsTable {
  movement_id: Generated<number>;
  web_id: number;
  product_id: number;
  variant_id: number | null;
  change: number;
  stock_after: number;
  reason: 'order' | 'cancel' | 'correction' | 'import';
  order_code: string | null;
  actor: string;
  created_at: Timestamp;
}

export interface Database {
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  currencies: CurrenciesTable;
  themes: ThemesTable;
  theme_versions: ThemeVersionsTable;
  pages: PagesTable;
  page_versions: PageVersionsTable;
  owners: OwnersTable;
  site_owners: SiteOwnersTable;
  owner_sessions: OwnerSessionsTable;
  customers: CustomersTable;
  customer_addresses: CustomerAddressesTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  categories: CategoriesTable;
  brands: BrandsTable;
  products: ProductsTable;
  product_values: ProductValuesTable;
  product_images: ProductImagesTable;
  attributes: AttributesTable;
  attribute_values: AttributeValuesTable;
  variants: VariantsTable;
  variant_values: VariantValuesTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  addons: AddonsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  cart_line_addons: CartLineAddonsTable;
  wishlist_items: WishlistItemsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  reviews: ReviewsTable;
  review_votes: ReviewVotesTable;
  search_words: SearchWordsTable;
  catalogue_versions: CatalogueVersionsTable;
  catalogue_changes: CatalogueChangesTable;
  delivery_options: DeliveryOptionsTable;
  order_events: OrderEventsTable;
  payments: PaymentsTable;
  option_sets: OptionSetsTable;
  tracking_sessions: TrackingSessionsTable;
  tracking_events: TrackingEventsTable;
  mail_outbox: MailOutboxTable;
  conversion_events: ConversionEventsTable;
  analytics_days: AnalyticsDaysTable;
  analytics_breakdown: AnalyticsBreakdownTable;
  form_submissions: FormSubmissionsTable;
  media: MediaTable;
  rate_limit_hits: RateLimitHitsTable;
  redirect_rules: RedirectRulesTable;
  stock_movements: StockMovementsTable;
}

import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * The first schema: stores and their domains, currencies, themes, pages, owners, customers, the catalogue, carts,
 * orders, reviews, tracking, mail, forms, media and rate limits. Shipped: never edit; add a migration instead.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE sites (
  web_id serial PRIMARY KEY,
  title text NOT NULL,
  link text NOT NULL DEFAULT '',
  static_cdn text NOT NULL DEFAULT '',
  redirect_url text NOT NULL DEFAULT '',
  main_domain text NOT NULL,
  sub_domain text NOT NULL DEFAULT '',
  is_sub_domain boolean NOT NULL DEFAULT false,
  base_currency char(3) NOT NULL,
  active_theme_id integer,
  meta jsonb NOT NULL DEFAULT '{}',
  scripts jsonb,
  realtime_database jsonb,
  is_maintenance boolean NOT NULL DEFAULT false,
  maintenance_heading text NOT NULL DEFAULT '',
  maintenance_description text NOT NULL DEFAULT '',
  maintenance_password_hash text,
  account_mode smallint NOT NULL DEFAULT 2 CHECK (account_mode BETWEEN 1 AND 3),
  contact_requirement_mode smallint NOT NULL DEFAULT 2 CHECK (contact_requirement_mode BETWEEN 1 AND 6),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A domain may be reserved before it is linked to a store: web_id null answers CODE_0002.
CREATE TABLE site_domains (
  domain text PRIMARY KEY CHECK (domain = lower(domain)),
  web_id integer REFERENCES sites ON DELETE CASCADE
);
CREATE INDEX site_domains_web ON site_domains (web_id);

CREATE TABLE currencies (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  code char(3) NOT NULL,
  symbol text NOT NULL,
  rate double precision NOT NULL CHECK (rate > 0),
  is_default boolean NOT NULL DEFAULT false,
  sort smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (web_id, code)
);

CREATE TABLE themes (
  theme_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  name text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  draft jsonb NOT NULL,
  draft_revision integer NOT NULL DEFAULT 1,
  published jsonb,
  published_css text,
  published_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  UNIQUE (web_id, theme_id)
);
ALTER TABLE sites ADD FOREIGN KEY (web_id, active_theme_id) REFERENCES themes (web_id, theme_id) DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE theme_versions (
  web_id integer NOT NULL,
  theme_id integer NOT NULL,
  version integer NOT NULL,
  document jsonb NOT NULL,
  css text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (theme_id, version),
  FOREIGN KEY (web_id, theme_id) REFERENCES themes (web_id, theme_id) ON DELETE CASCADE
);

CREATE TABLE pages (
  page_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  page_type_id smallint NOT NULL CHECK (page_type_id BETWEEN 1 AND 4),
  slug text NOT NULL,
  title text NOT NULL,
  draft jsonb NOT NULL,
  draft_revision integer NOT NULL DEFAULT 1,
  published jsonb,
  published_version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  UNIQUE (web_id, page_type_id, slug),
  UNIQUE (web_id, page_id)
);

CREATE TABLE page_versions (
  web_id integer NOT NULL,
  page_id integer NOT NULL,
  version integer NOT NULL,
  document jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (page_id, version),
  FOREIGN KEY (web_id, page_id) REFERENCES pages (web_id, page_id) ON DELETE CASCADE
);

CREATE TABLE owners (
  owner_id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX owners_email ON owners (lower(email));

CREATE TABLE site_owners (
  owner_id integer NOT NULL REFERENCES owners ON DELETE CASCADE,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  PRIMARY KEY (owner_id, web_id)
);

CREATE TABLE owner_sessions (
  token_hash text PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES owners ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE customers (
  customer_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  email text,
  phone text,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  customer_type_id smallint NOT NULL DEFAULT 1 CHECK (customer_type_id BETWEEN 1 AND 3),
  status_id smallint NOT NULL DEFAULT 3 CHECK (status_id BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (email IS NOT NULL OR phone IS NOT NULL),
  UNIQUE (web_id, customer_id)
);
CREATE UNIQUE INDEX customers_email ON customers (web_id, lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX customers_phone ON customers (web_id, phone) WHERE phone IS NOT NULL;

CREATE TABLE customer_addresses (
  address_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  customer_id integer NOT NULL,
  full_name text NOT NULL,
  line1 text NOT NULL,
  line2 text NOT NULL DEFAULT '',
  city text NOT NULL,
  region text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  country char(2) NOT NULL,
  phone text NOT NULL DEFAULT '',
  is_default boolean NOT NULL DEFAULT false,
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE
);

-- Refresh tokens rotate on every use; a token used twice revokes its whole family.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  customer_id integer,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  web_id integer NOT NULL,
  customer_id integer NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE
);

CREATE TABLE categories (
  category_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  parent_id integer,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_file text,
  sort integer NOT NULL DEFAULT 0,
  UNIQUE (web_id, slug),
  UNIQUE (web_id, category_id),
  FOREIGN KEY (web_id, parent_id) REFERENCES categories (web_id, category_id) ON DELETE CASCADE
);

CREATE TABLE brands (
  brand_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  name text NOT NULL,
  slug text NOT NULL,
  logo_file text,
  UNIQUE (web_id, slug),
  UNIQUE (web_id, brand_id)
);

CREATE TABLE products (
  product_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  category_id integer,
  brand_id integer,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL DEFAULT '',
  sku text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  compare_at_price integer CHECK (compare_at_price >= 0),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  stock_status_id smallint NOT NULL DEFAULT 1 CHECK (stock_status_id IN (1, 2)),
  is_hide_price boolean NOT NULL DEFAULT false,
  rating real NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  rating_count integer NOT NULL DEFAULT 0,
  popularity integer NOT NULL DEFAULT 0,
  is_published boolean NOT NULL DEFAULT true,
  meta jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, slug),
  UNIQUE (web_id, product_id),
  FOREIGN KEY (web_id, category_id) REFERENCES categories (web_id, category_id) ON DELETE SET NULL (category_id),
  FOREIGN KEY (web_id, brand_id) REFERENCES brands (web_id, brand_id) ON DELETE SET NULL (brand_id)
);
CREATE INDEX products_listing ON products (web_id, category_id, popularity DESC);

CREATE TABLE product_images (
  image_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  file text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  alt text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);
CREATE INDEX product_images_product ON product_images (web_id, product_id, sort);

CREATE TABLE attributes (
  attribute_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  name text NOT NULL,
  display_type text NOT NULL CHECK (display_type IN ('dropdown', 'namelist', 'color')),
  UNIQUE (web_id, attribute_id)
);

CREATE TABLE attribute_values (
  value_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  attribute_id integer NOT NULL,
  name text NOT NULL,
  color text,
  sort integer NOT NULL DEFAULT 0,
  UNIQUE (web_id, value_id),
  FOREIGN KEY (web_id, attribute_id) REFERENCES attributes (web_id, attribute_id) ON DELETE CASCADE
);

CREATE TABLE variants (
  variant_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  sku text NOT NULL,
  name text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  image_file text,
  UNIQUE (web_id, variant_id),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);
CREATE INDEX variants_product ON variants (web_id, product_id);

CREATE TABLE variant_values (
  web_id integer NOT NULL,
  variant_id integer NOT NULL,
  value_id integer NOT NULL,
  PRIMARY KEY (variant_id, value_id),
  FOREIGN KEY (web_id, variant_id) REFERENCES variants (web_id, variant_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, value_id) REFERENCES attribute_values (web_id, value_id) ON DELETE CASCADE
);

CREATE TABLE product_options (
  option_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  name text NOT NULL,
  input_type_id smallint NOT NULL CHECK (input_type_id BETWEEN 1 AND 6),
  is_mandatory boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  UNIQUE (web_id, option_id),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);

CREATE TABLE product_option_values (
  value_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  option_id integer NOT NULL,
  name text NOT NULL,
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  FOREIGN KEY (web_id, option_id) REFERENCES product_options (web_id, option_id) ON DELETE CASCADE
);

CREATE TABLE addons (
  addon_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  name text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  UNIQUE (web_id, addon_id),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);

CREATE TABLE carts (
  cart_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  customer_id integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, customer_id),
  UNIQUE (web_id, cart_id),
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE
);

CREATE TABLE cart_lines (
  cart_item_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  cart_id integer NOT NULL,
  product_id integer NOT NULL,
  variant_id integer,
  quantity integer NOT NULL CHECK (quantity >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, cart_item_id),
  FOREIGN KEY (web_id, cart_id) REFERENCES carts (web_id, cart_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, variant_id) REFERENCES variants (web_id, variant_id) ON DELETE CASCADE
);

CREATE TABLE cart_line_addons (
  cart_addon_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  cart_item_id integer NOT NULL,
  addon_id integer NOT NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  FOREIGN KEY (web_id, cart_item_id) REFERENCES cart_lines (web_id, cart_item_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, addon_id) REFERENCES addons (web_id, addon_id) ON DELETE CASCADE
);

CREATE TABLE wishlist_items (
  web_id integer NOT NULL,
  customer_id integer NOT NULL,
  product_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (web_id, customer_id, product_id),
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);

CREATE TABLE orders (
  order_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  order_code text NOT NULL UNIQUE,
  idempotency_key text NOT NULL,
  customer_id integer,
  status text NOT NULL DEFAULT 'Pending',
  payment_status text NOT NULL DEFAULT 'Pending',
  email text,
  phone text,
  shipping_address jsonb NOT NULL,
  delivery_method text NOT NULL,
  payment_method text NOT NULL,
  currency_code char(3) NOT NULL,
  currency_rate double precision NOT NULL,
  subtotal integer NOT NULL,
  shipping_total integer NOT NULL DEFAULT 0,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, idempotency_key),
  UNIQUE (web_id, order_id),
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE SET NULL (customer_id)
);

CREATE TABLE order_lines (
  line_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  order_id integer NOT NULL,
  product_id integer,
  variant_id integer,
  name text NOT NULL,
  variant_name text NOT NULL DEFAULT '',
  sku text NOT NULL DEFAULT '',
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit_price integer NOT NULL,
  addons jsonb NOT NULL DEFAULT '[]',
  line_total integer NOT NULL,
  FOREIGN KEY (web_id, order_id) REFERENCES orders (web_id, order_id) ON DELETE CASCADE
);

CREATE TABLE reviews (
  review_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  customer_id integer,
  author_name text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  helpful_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE SET NULL (customer_id)
);

CREATE TABLE tracking_sessions (
  session_id text PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  visitor_id text NOT NULL,
  customer_id integer,
  landing_url text NOT NULL,
  referrer text NOT NULL DEFAULT '',
  ip_address text NOT NULL DEFAULT 'Unknown',
  geo jsonb,
  device jsonb,
  utm jsonb,
  started_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_events (
  event_id text PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES tracking_sessions ON DELETE CASCADE,
  event_type text NOT NULL,
  url text NOT NULL,
  duration_ms bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  mail_id serial PRIMARY KEY,
  web_id integer REFERENCES sites ON DELETE CASCADE,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE TABLE form_submissions (
  submission_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('contact', 'subscribe', 'form')),
  page_id integer,
  section_id text,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media (
  media_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  path text NOT NULL,
  mime text NOT NULL,
  width integer,
  height integer,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, path)
);
`),
};

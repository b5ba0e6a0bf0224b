import type { Migration, MigrationProvider } from 'kysely';
import { migration as initial } from './0001_initial.ts';
import { migration as accounts } from './0002_accounts.ts';
import { migration as studio } from './0003_studio.ts';
import { migration as catalogue } from './0004_catalogue.ts';
import { migration as reviews } from './0005_reviews.ts';
import { migration as searchWords } from './0006_search_words.ts';
import { migration as catalogueChanges } from './0007_catalogue_changes.ts';
import { migration as orders } from './0008_orders.ts';
import { migration as payments } from './0009_payments.ts';
import { migration as lineOptions } from './0010_line_options.ts';
import { migration as marketing } from './0011_marketing.ts';
import { migration as tracking } from './0012_tracking.ts';
import { migration as analytics } from './0013_analytics.ts';
import { migration as storeChanges } from './0014_store_changes.ts';
import { migration as conversionClaims } from './0015_conversion_claims.ts';
import { migration as orderCurrency } from './0016_order_currency.ts';
import { migration as checkoutIntegrity } from './0017_checkout_integrity.ts';
import { migration as redirectRules } from './0018_redirect_rules.ts';
import { migration as orderLineOptionSets } from './0019_order_line_option_sets.ts';
import { migration as oldOrderLineOptionSets } from './0020_old_order_line_option_sets.ts';
import { migration as productEditing } from './0021_product_editing.ts';
import { migration as catalogueEditing } from './0022_catalogue_editing.ts';
import { migration as stockLedger } from './0023_stock_ledger.ts';
import { migration as skuLookup } from './0024_sku_lookup.ts';

/**
 * The schema of the whole product, in order: one file per migration, named by number and purpose, listed here.
 * Every store table carries `web_id`, and references between store rows go through (web_id, id) pairs, so that the
 * database itself refuses a row that points into another store. Money is integer minor units. To change anything,
 * add a file and a line here; a shipped migration is never edited (migrations.test.ts holds each one's hash).
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_accounts': accounts,
  '0003_studio': studio,
  '0004_catalogue': catalogue,
  '0005_reviews': reviews,
  '0006_search_words': searchWords,
  '0007_catalogue_changes': catalogueChanges,
  '0008_orders': orders,
  '0009_payments': payments,
  '0010_line_options': lineOptions,
  '0011_marketing': marketing,
  '0012_tracking': tracking,
  '0013_analytics': analytics,
  '0014_store_changes': storeChanges,
  '0015_conversion_claims': conversionClaims,
  '0016_order_currency': orderCurrency,
  '0017_checkout_integrity': checkoutIntegrity,
  '0018_redirect_rules': redirectRules,
  '0019_order_line_option_sets': orderLineOptionSets,
  '0020_old_order_line_option_sets': oldOrderLineOptionSets,
  '0021_product_editing': productEditing,
  '0022_catalogue_editing': catalogueEditing,
  '0023_stock_ledger': stockLedger,
  '0024_sku_lookup': skuLookup,
};

/** The migrations as Kysely's `Migrator` takes them. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};

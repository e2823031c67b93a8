/**
 * The sample shop of the demo, written for this project: a few tables that between them call
 * for different query modes, with some activity so that PostgreSQL's statistics counters show
 * inserts and updates. Loaded into an embedded PostgreSQL (PGlite) by `sample-shop.ts`.
 *
 * @module
 */

/** The schema, the shared trigger function, the rows and the activity. */
export const SAMPLE_SHOP_SQL = `
CREATE SCHEMA shop;
SET search_path TO shop;

-- One trigger function shared by the tables that keep an updated_at.
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

-- Customers: identity key, updated_at maintained by the shared trigger; inserted and updated.
CREATE TABLE customers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER customers_updated_at BEFORE UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Orders: serial key, status changes, updated_at through the same trigger function.
CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id),
  status text NOT NULL DEFAULT 'placed',
  total numeric(12, 2) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER orders_updated_at BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- A trigger function that rejects every change: the tables it guards are append-only.
CREATE FUNCTION reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;

-- Order events: an append-only log with a serial key.
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  event text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER order_events_append_only BEFORE UPDATE OR DELETE ON order_events
  FOR EACH ROW EXECUTE FUNCTION reject_change();

-- Page views: append-only, with a UUID key.
CREATE TABLE page_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  path text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER page_views_append_only BEFORE UPDATE OR DELETE ON page_views
  FOR EACH ROW EXECUTE FUNCTION reject_change();

-- Products: no timestamp and no auto-increment key; prices are edited in place.
CREATE TABLE products (
  sku text PRIMARY KEY,
  name text NOT NULL,
  price numeric(10, 2) NOT NULL
);

INSERT INTO customers (email, name)
  SELECT 'customer' || g || '@example.com', 'Customer ' || g FROM generate_series(1, 500) AS g;
INSERT INTO products (sku, name, price)
  SELECT 'SKU-' || g, 'Product ' || g, 5 + g % 50 FROM generate_series(1, 80) AS g;
INSERT INTO orders (customer_id, total)
  SELECT 1 + g % 500, 10 + g % 90 FROM generate_series(1, 3000) AS g;
INSERT INTO order_events (order_id, event)
  SELECT id, 'placed' FROM orders;
INSERT INTO order_events (order_id, event)
  SELECT id, 'shipped' FROM orders WHERE id % 3 = 0;
INSERT INTO page_views (path)
  SELECT '/products/SKU-' || (1 + g % 80) FROM generate_series(1, 8000) AS g;
UPDATE customers SET name = name || ' Jr.' WHERE id % 25 = 0;
UPDATE orders SET status = 'shipped' WHERE id % 3 = 0;
UPDATE products SET price = price + 1 WHERE sku LIKE 'SKU-1%';
ANALYZE;
`;

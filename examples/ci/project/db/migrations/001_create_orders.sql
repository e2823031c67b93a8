-- The first migration of the example project: the tables the plan covers.
CREATE SCHEMA app;
CREATE FUNCTION app.touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
CREATE TABLE app.customers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER touch BEFORE UPDATE ON app.customers FOR EACH ROW EXECUTE FUNCTION app.touch();
CREATE TABLE app.orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES app.customers (id),
  total numeric(12, 2) NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER touch BEFORE UPDATE ON app.orders FOR EACH ROW EXECUTE FUNCTION app.touch();
CREATE TABLE app.order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES app.orders (id),
  kind text NOT NULL
);
-- Payments are never changed once written: a trigger refuses every update and delete.
CREATE FUNCTION app.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'app.payments is append-only';
END;
$$;
CREATE TABLE app.payments (
  ref uuid NOT NULL UNIQUE,
  order_id bigint NOT NULL REFERENCES app.orders (id),
  amount numeric(12, 2) NOT NULL
);
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE ON app.payments FOR EACH ROW EXECUTE FUNCTION app.refuse_change();
ANALYZE app.customers;
ANALYZE app.orders;
ANALYZE app.order_events;
ANALYZE app.payments;

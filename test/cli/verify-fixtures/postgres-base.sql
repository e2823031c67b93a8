-- The schema a plan is made from ({{s}} is the test's fresh schema, quoted). Each table is
-- shaped for one migration of verify-migrations.test.ts.
CREATE SCHEMA {{s}};
CREATE FUNCTION {{s}}.touch_orders() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.updated_at := now(); RETURN NEW; END; $$;
CREATE FUNCTION {{s}}.touch_customers() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.modified_at := now(); RETURN NEW; END; $$;
CREATE TABLE {{s}}.orders (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, total numeric NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
CREATE TRIGGER touch BEFORE UPDATE ON {{s}}.orders FOR EACH ROW EXECUTE FUNCTION {{s}}.touch_orders();
CREATE TABLE {{s}}.customers (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, modified_at timestamptz NOT NULL DEFAULT now());
CREATE TRIGGER touch BEFORE UPDATE ON {{s}}.customers FOR EACH ROW EXECUTE FUNCTION {{s}}.touch_customers();
CREATE TABLE {{s}}.ledger (ref uuid NOT NULL UNIQUE, amount numeric NOT NULL);
CREATE TABLE {{s}}.tmp (id int PRIMARY KEY);
CREATE TABLE {{s}}."Tab ""q"" \ $$ ;
-- x" (id int PRIMARY KEY);
ANALYZE {{s}}.orders;
ANALYZE {{s}}.customers;
ANALYZE {{s}}.ledger;
ANALYZE {{s}}.tmp;
ANALYZE {{s}}."Tab ""q"" \ $$ ;
-- x";

-- A later migration that keeps the plan: a column no planned body names.
ALTER TABLE app.orders ADD COLUMN note TEXT;

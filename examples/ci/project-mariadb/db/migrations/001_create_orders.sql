-- The first migration of the example project on MariaDB: the tables the plan covers.
CREATE DATABASE app;
CREATE TABLE app.customers (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(255) NOT NULL UNIQUE,
  updated_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6)
);
CREATE TABLE app.orders (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id BIGINT NOT NULL,
  total DECIMAL(12, 2) NOT NULL,
  updated_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  FOREIGN KEY (customer_id) REFERENCES app.customers (id)
);
CREATE TRIGGER app.touch_orders BEFORE UPDATE ON app.orders FOR EACH ROW SET NEW.updated_at = NOW(6);
CREATE TABLE app.order_events (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_id BIGINT NOT NULL,
  kind VARCHAR(50) NOT NULL,
  FOREIGN KEY (order_id) REFERENCES app.orders (id)
);
-- Payments are never changed once written: triggers refuse every update and delete.
CREATE TABLE app.payments (
  ref CHAR(36) NOT NULL UNIQUE,
  order_id BIGINT NOT NULL,
  amount DECIMAL(12, 2) NOT NULL,
  FOREIGN KEY (order_id) REFERENCES app.orders (id)
);
CREATE TRIGGER app.payments_no_update BEFORE UPDATE ON app.payments FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'app.payments is append-only';
CREATE TRIGGER app.payments_no_delete BEFORE DELETE ON app.payments FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'app.payments is append-only';

-- The MariaDB twin of postgres-migration.sql.
DROP TRIGGER {{s}}.orders_touch;
ALTER TABLE {{s}}.customers RENAME COLUMN modified_at TO changed_at;
ALTER TABLE {{s}}.ledger MODIFY ref CHAR(36) NULL;
DROP TABLE {{s}}.tmp;
CREATE TABLE {{s}}.audit (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, what TEXT);

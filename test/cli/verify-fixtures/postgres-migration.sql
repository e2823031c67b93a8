-- A migration that breaks the plan: each statement gives one table its verdict.
DROP TRIGGER touch ON {{s}}.orders;
ALTER TABLE {{s}}.customers RENAME COLUMN modified_at TO changed_at;
ALTER TABLE {{s}}.ledger ALTER COLUMN ref DROP NOT NULL;
DROP TABLE {{s}}.tmp;
CREATE TABLE {{s}}.audit (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, what text);

/**
 * The shape of a kind of source the advisor writes remedies and questions for: how it quotes names
 * and strings, how it reads a qualified table name, how long a name may be, and each remedy and
 * question it can write. A writer returns null where the statement cannot be written safely: the
 * remedy is then given in words only; a platform that takes no statement (Salesforce: no DDL, its
 * admin's steps instead) returns its own words ({@link InWords}) in place of the generic ones.
 *
 * @module
 */
import type { ColumnQuestion } from '../advisor/traits/model.js';
import type { TypeFamilyTable } from './type-families/families.js';
import type { SourceWords } from './words.js';

/** The dialects the advisor writes remedies and queries in: SQL of four databases, and Salesforce's SOQL and `sf` commands. */
export type DialectName = 'postgresql' | 'mysql' | 'sqlserver' | 'oracle' | 'salesforce';

/**
 * A remedy or a question in the platform's own words where it takes no statement: the action (a
 * step an admin takes) or the question, and for a question why no query answers it.
 */
export interface InWords {
  readonly words: string;
  /** For a question: the query or command that answers it, when one does. */
  readonly query?: string;
  /** For a question without a query: why none answers it. */
  readonly noQuery?: string;
}

/** What a writer gives: a statement, the platform's words instead, or null (words only, the generic ones). */
export type Written = string | InWords | null;

/** A table's name as the database stores it: its schema (MySQL: its database), when given, and its name. */
export interface TableName {
  /** The database of a three-part name (`sales.dbo.orders`), which SQL Server's statements name; the other dialects name none. */
  readonly database?: string;
  readonly schema: string | undefined;
  readonly table: string;
}

/** The table a statement is about. */
export interface Target {
  readonly name: TableName;
  /** The columns of its primary key, in order, when known (empty when not known). */
  readonly key: readonly string[];
}

/** A fact of one column that a question asks: the column traits the field table marks `askedBy: 'column'`. */
export type { ColumnQuestion };

/** What a query asks, as `writesQuery` reads it: a fact of the table, or of one of its columns. */
export type AskOf =
  | { readonly table: TableFactAsked }
  | { readonly column: string; readonly fact: ColumnQuestion };

/** A fact of the table (or its database) that a question asks. */
export type TableFactAsked =
  | 'rows'
  | 'columns'
  | 'primary_key'
  | 'changes'
  | 'readable'
  | 'tracking_database'
  | 'tracking_table';

/** One database kind. */
export interface SqlDialect {
  readonly name: DialectName;
  /** The longest name of an object the database takes, in bytes (ASCII names are written). */
  readonly identifierLimit: number;
  /** Its column types' names by family (`type-families/`): what a column of each type can hold. */
  readonly types: TypeFamilyTable;
  /** Whether a type name with a leading `_` names an array of the rest (PostgreSQL's `_int4`). */
  readonly underscoreArrays: boolean;
  /**
   * Whether a table's name may hold its database (`sales.dbo.orders`), whose statements then
   * say and check which database they run in: a table's recorded `database` joins its name there.
   */
  readonly namesDatabase: boolean;
  /** How the advisor's sentences speak of it where the databases' words do not fit (`words.ts`). */
  readonly words: SourceWords;
  /** A name, always quoted, its quote character doubled. */
  quote(identifier: string): string;
  /** A string literal that reads back as `text` under any setting of the session. */
  literal(text: string): string;
  /** A qualified table name as SQL of this dialect writes it, or undefined when it is not one. */
  parseTableName(text: string): TableName | undefined;
  /** The table as this dialect's statements name it. */
  table(name: TableName): string;
  /** What to put before the statements of a remedy or question (a comment line, a guard), or `''`. */
  header(name: TableName): string;
  /** What to put after them (SQL Server: the end of its guard), or `''`. */
  footer(name: TableName): string;

  /** Makes the database set an existing date-and-time column to the current time on every update. */
  setOnEveryUpdate(t: Target, column: string): Written;
  /** Adds a new date-and-time column that the database sets on insert and on every update. */
  addUpdatedAt(t: Target, column: string): Written;
  /** Adds a new integer column that the database gives a new, higher value on every insert. */
  addIdentityColumn(t: Target, column: string): Written;
  /** Declares a column NOT NULL, keeping the rest of its definition. */
  setNotNull(t: Target, column: string): Written;
  /** Makes a column that is unique and not null the primary key. */
  addPrimaryKey(t: Target, column: string): Written;
  /**
   * Gives an existing column a unique index of its own: for an auto-increment column whose
   * values the database numbers (the statement fails, changing nothing, where values repeat).
   */
  addUniqueIndex(t: Target, column: string): Written;
  /** Enables change tracking on the database the statement is run in. */
  enableTrackingOnDatabase(retentionMinutes: number): Written;
  /** Enables change tracking on the table. */
  enableTrackingOnTable(t: Target): Written;
  /** Sets the change-tracking retention of the database the statement is run in. */
  setTrackingRetention(retentionMinutes: number): Written;

  /** The query that returns a fact of one column of the table. */
  askColumn(t: Target, column: string, fact: ColumnQuestion): Written;
  /** The query that returns a fact of the table. */
  askTable(t: Target, fact: TableFactAsked): Written;
  /**
   * True when `askTable` or `askColumn` surely writes a query (a string) for `ask`, told without
   * writing it: a plan's questions then keep the recipe alone and write the text when it is read
   * (`advisor/sql/questions.ts`). Absent, or false, where it is not known without writing it.
   */
  writesQuery?(t: Target, ask: AskOf): boolean;
  /**
   * Grants `user` (a user name as the database's catalog gives it: MySQL's `user@host`) what it
   * needs to read the table's rows: SELECT on the table (and, where the database needs it, USAGE
   * on its schema); null where the name cannot be written safely.
   */
  grantSelect(t: Target, user: string): Written;
}

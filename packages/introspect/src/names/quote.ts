/**
 * Quoting a name part in MySQL/MariaDB and SQL Server only where it needs quoting, so that a
 * qualified name is exact and usable in SQL (PostgreSQL's own `quote_ident` does this in the
 * catalog query). A part needs quoting when it is not a plain identifier of the dialect or is a
 * reserved word. The reserved words are those the vendors list (MySQL 8.0 "Keywords and Reserved
 * Words", MariaDB "Reserved Words", SQL Server "Reserved Keywords"; public documentation of each database):
 * quoting a word that did not need it is harmless, so the lists err on the side of quoting.
 *
 * @module
 */

const MYSQL_RESERVED = new Set(
  `accessible add all alter analyze and as asc asensitive before between bigint binary blob both by
call cascade case change char character check collate column condition constraint continue convert
create cross cube cume_dist current_date current_role current_time current_timestamp current_user
cursor database databases day_hour day_microsecond day_minute day_second dec decimal declare default
delayed delete delete_domain_id dense_rank desc describe deterministic distinct distinctrow div
do_domain_ids double drop dual each else elseif empty enclosed escaped except exists exit explain
false fetch first_value float float4 float8 for force foreign from fulltext function general
generated get grant group grouping groups having high_priority hour_microsecond hour_minute
hour_second if ignore ignore_domain_ids ignore_server_ids in index infile inner inout insensitive
insert int int1 int2 int3 int4 int8 integer intersect interval into io_after_gtids io_before_gtids
is iterate join json_table key keys kill lag last_value lateral lead leading leave left like limit
linear lines load localtime localtimestamp lock long longblob longtext loop low_priority master_bind
master_heartbeat_period master_ssl_verify_server_cert match maxvalue mediumblob mediumint mediumtext
middleint minute_microsecond minute_second mod modifies natural not no_write_to_binlog nth_value
ntile null numeric of offset on optimize optimizer_costs option optionally or order out outer
outfile over page_checksum parse_vcol_expr partition percent_rank position precision primary
procedure purge range rank read reads read_write real recursive references ref_system_id regexp
release rename repeat replace require resignal restrict return returning revoke right rlike row
rows row_number schema schemas second_microsecond select sensitive separator set show signal slow
smallint spatial specific sql sqlexception sqlstate sqlwarning sql_big_result sql_calc_found_rows
sql_small_result ssl starting stats_auto_recalc stats_persistent stats_sample_pages stored
straight_join system table terminated then tinyblob tinyint tinytext to trailing trigger true undo
union unique unlock unsigned update usage use using utc_date utc_time utc_timestamp values varbinary
varchar varcharacter varying virtual when where while window with write xor year_month zerofill`.split(/\s+/),
);

const TSQL_RESERVED = new Set(
  `add all alter and any as asc authorization backup begin between break browse bulk by cascade case
check checkpoint close clustered coalesce collate column commit compute constraint contains
containstable continue convert create cross current current_date current_time current_timestamp
current_user cursor database dbcc deallocate declare default delete deny desc disk distinct
distributed double drop dump else end errlvl escape except exec execute exists exit external fetch
file fillfactor for foreign freetext freetexttable from full function goto grant group having
holdlock identity identity_insert identitycol if in index inner insert intersect into is join key
kill left like lineno load merge national nocheck nonclustered not null nullif of off offsets on
open opendatasource openquery openrowset openxml option or order outer over percent pivot plan
precision primary print proc procedure public raiserror read readtext reconfigure references
replication restore restrict return revert revoke right rollback rowcount rowguidcol rule save
schema securityaudit select semantickeyphrasetable semanticsimilaritydetailstable
semanticsimilaritytable session_user set setuser shutdown some statistics system_user table
tablesample textsize then to top tran transaction trigger truncate try_convert tsequal union unique
unpivot update updatetext use user values varying view waitfor when where while with within
writetext`.split(/\s+/),
);

/**
 * A MySQL/MariaDB name part, in backticks when it needs them: characters outside
 * `[0-9A-Za-z$_]` and U+0080 to U+FFFF, only digits, a leading digit before `e` (read as a
 * number), or a reserved word.
 */
export function quoteMysql(part: string): string {
  const plain =
    /^[0-9A-Za-z$_\u0080-\uFFFF]+$/.test(part) &&
    !/^[0-9]+$/.test(part) &&
    !/^[0-9]+e/i.test(part) &&
    !MYSQL_RESERVED.has(part.toLowerCase());
  return plain ? part : `\`${part.replaceAll('`', '``')}\``;
}

/**
 * A SQL Server name part, in brackets when it needs them: not a regular identifier (a letter or
 * `_` first, then letters, digits, `@`, `$`, `#`, `_`) or a reserved keyword.
 */
export function quoteTsql(part: string): string {
  const plain = /^[\p{L}_][\p{L}\p{N}@$#_]*$/u.test(part) && !TSQL_RESERVED.has(part.toLowerCase());
  return plain ? part : `[${part.replaceAll(']', ']]')}]`;
}

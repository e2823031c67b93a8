/**
 * Database words that must not reach a Salesforce user: DDL, a trigger, the database's log, a
 * `deleted_at` column, SQL, and the databases' sentences that Salesforce says in its own words
 * (core's `SourceWords`: object, record, field, the Recycle Bin, the record counts).
 */

/** One pattern per database phrase; a line that matches one is in the wrong words. */
export const DATABASE_PHRASES: readonly RegExp[] = [
  /\bDDL\b/,
  /\bALTER\b/,
  /\btrigger\b/,
  /ON UPDATE/,
  /database's log/,
  /deleted_at/,
  // SQL Server is a product the rules' sources name, not a statement.
  /\bSQL\b(?! pipelines| Server)/,
  /table and custom SQL pipelines/,
  /table-mode and custom SQL pipelines/,
  /rows deleted at the source/,
  /has (about )?[\d,]+ rows/,
  /has no column/,
  /No column of/,
  /historical (\(first\) )?load of [\d,]+ rows/,
  // The estimate's and the reasons' sentences (the service's quotes, cited as a rule's basis, keep "the table").
  /Each load bills every row/,
  /The table's growth|growing table|The table grows/,
  /one row between two runs/,
  /loads × rows|\(rows \+ net growth/,
  /number of rows is not known/,
  /of this table:/,
  /(?<!only when )the table (has|may have|is known)/,
  /whether the table has/,
  /before loading the table again/,
  /[\d,]+ (new |more )?rows (a day|share|for the)/,
  /^table: /,
  /for this table as it is/,
  /planned tables? (broken|holds)|[\d,]+ tables?: [\d,]+ broken/,
  /database's statistics/,
  /identity, sequence or AUTO_INCREMENT column/,
  // The service's own words, quoted as the rule's basis, stay as the service wrote them.
  /(?<!for example with )long-running transactions/,
  /database's current time/,
  /no longer in the database/,
  /The database does not set/,
  /^inspect:/,
];

/** The lines of `text` in database words, each with the phrase it has. */
export function databaseWordsIn(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const found = DATABASE_PHRASES.find((p) => p.test(line));
    return found === undefined ? [] : [`${found.source}: ${line.slice(0, 200)}`];
  });
}

/**
 * A `--detail` record with the legend texts it cites (its string values that are keys of the
 * legend's `texts`), one per line: what a reader of the record reads.
 */
// biome-ignore lint/suspicious/noExplicitAny: test records are read field by field.
export function withCitedTexts(record: unknown, legend: any): string {
  const texts: Record<string, string> = legend?.texts ?? {};
  const cited: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string' && Object.hasOwn(texts, v)) cited.push(texts[v] as string);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(record);
  return [JSON.stringify(record, null, 1), ...cited].join('\n');
}

/**
 * Creates the MariaDB fixture databases (`fixtures/mariadb.sql`) and the reader's grants;
 * drops them afterwards.
 */
import { fixture, freshName, withMysql } from './servers.js';

/** The two fixture databases of one run. */
export interface MariadbFixture {
  readonly db: string;
  readonly mixed: string;
  drop(): Promise<void>;
}

const READERS = ["'qm_reader'@'localhost'", "'qm_reader'@'127.0.0.1'"];

/** Creates the fixture as the owner and grants the reader its privileges. */
export async function createMariadbFixture(): Promise<MariadbFixture> {
  const db = freshName('qm_t');
  const mixed = `${db}_Mixed Ünï`;
  let granted: { s: string; t: string }[] = [];
  await withMysql(async (c) => {
    await c.query(
      fixture('mariadb.sql').replaceAll('{{db}}', `\`${db}\``).replaceAll('{{mixed}}', `\`${mixed}\``),
    );
    // Table by table: the owner's grant is on the pattern qm\_%, which lets it grant per table.
    const [tables] = (await c.query(
      'SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA IN (?, ?)',
      [db, mixed],
    )) as unknown as [{ s: string; t: string }[]];
    granted = tables;
    for (const reader of READERS) {
      for (const { s, t } of tables) {
        const privileges =
          t === 'secrets'
            ? 'INSERT'
            : t === 'no_trigger_grant' || t === 'order_summary'
              ? 'SELECT'
              : 'SELECT, TRIGGER';
        await c.query(`GRANT ${privileges} ON \`${s}\`.\`${t}\` TO ${reader}`);
      }
    }
  });
  return {
    db,
    mixed,
    drop: () =>
      withMysql(async (c) => {
        // This fixture's grants only: other test files, running at the same time, grant the same
        // reader privileges on their own databases.
        for (const reader of READERS) {
          for (const { s, t } of granted) {
            await c.query(`REVOKE ALL PRIVILEGES ON \`${s}\`.\`${t}\` FROM ${reader}`).catch(() => undefined);
          }
        }
        await c.query(`DROP DATABASE IF EXISTS \`${db}\``);
        await c.query(`DROP DATABASE IF EXISTS \`${mixed}\``);
      }),
  };
}

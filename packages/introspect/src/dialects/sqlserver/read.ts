export const sqlServerDialect = {} as never;

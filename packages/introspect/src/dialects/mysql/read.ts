export const mysqlDialect = {} as never;

/**
 * The TLS settings of a connection, as the URL or the environment gives them (no Node types, so
 * that the public types need none).
 *
 * @module
 */
/** The TLS settings, passed through to the driver. */
export interface TlsOptions {
  /**
   * `disable` (plain TCP), `prefer` (the driver's default), `require` (encrypted, certificate not
   * checked), `verify-ca` (certificate checked against the CA) or `verify-full` (and the host name).
   */
  readonly mode: 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
  /** A CA certificate file (PEM). */
  readonly ca?: string;
  /** A client certificate file (PEM). */
  readonly cert?: string;
  /** A client key file (PEM). */
  readonly key?: string;
}

/**
 * The media type of every request and response body. The spec lists the request headers `accept`
 * and `content-type` with `application/json` (spec 4.1); OpenAPI expresses them through the media
 * types of `requestBody.content` and `responses`, and says that header parameters named `accept`
 * or `content-type` are ignored, so the document has no such parameters. Generated clients set
 * both headers from the media types.
 *
 * @module
 */

/** The media type of every body (spec 4.1). */
export const JSON_MEDIA_TYPE = 'application/json';

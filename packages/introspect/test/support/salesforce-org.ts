/**
 * A stand-in Salesforce org's data, written from the documented shapes of the REST API's answers
 * (the global describe, an object's describe, `/limits`, `/limits/recordCount`):
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describesobjects_describesobjectresult.htm,
 * https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html,
 * https://developer.salesforce.com/docs/platform/api-rest/guide/resources-record-count.html.
 * Only the keys querymode reads and a few beside them, with the values a real org gives.
 */

/** One field of a describe, as the documented field flags give it. */
export function field(
  name: string,
  type: string,
  flags: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    aggregatable: true,
    autoNumber: false,
    calculated: false,
    calculatedFormula: null,
    createable: true,
    custom: name.endsWith('__c'),
    defaultedOnCreate: false,
    deprecatedAndHidden: false,
    externalId: false,
    filterable: true,
    idLookup: false,
    label: name.replace(/__c$/, '').replace(/_/g, ' '),
    length: type === 'string' ? 255 : 0,
    name,
    nillable: true,
    picklistValues: [],
    referenceTo: [],
    soapType:
      type === 'id' || type === 'reference' ? 'tns:ID' : type === 'datetime' ? 'xsd:dateTime' : 'xsd:string',
    sortable: true,
    type,
    unique: false,
    updateable: true,
    ...flags,
  };
}

/** The system fields every standard and custom object has (Id, IsDeleted and the audit stamps). */
export function systemFields(): Record<string, unknown>[] {
  const stamp = { createable: false, updateable: false, nillable: false, defaultedOnCreate: true };
  return [
    field('Id', 'id', { idLookup: true, ...stamp }),
    field('IsDeleted', 'boolean', { ...stamp }),
    field('CreatedDate', 'datetime', stamp),
    field('LastModifiedDate', 'datetime', stamp),
    field('SystemModstamp', 'datetime', stamp),
  ];
}

/** An object's flags, as the global list and the describe both give them. */
export function objectFlags(name: string, flags: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    createable: true,
    custom: name.endsWith('__c'),
    customSetting: false,
    deletable: true,
    deprecatedAndHidden: false,
    keyPrefix: null,
    label: name.replace(/__c$/, '').replace(/_/g, ' '),
    layoutable: true,
    name,
    queryable: true,
    replicateable: true,
    retrieveable: true,
    searchable: true,
    triggerable: true,
    undeletable: true,
    updateable: true,
    urls: {
      describe: `/services/data/v62.0/sobjects/${name}/describe`,
      sobject: `/services/data/v62.0/sobjects/${name}`,
    },
    ...flags,
  };
}

/** An object of the stand-in org: its describe, and its record count (absent: not counted). */
export interface OrgObject {
  readonly describe: Record<string, unknown>;
  readonly count?: number;
  /** Records created in any look-back window (`SELECT COUNT() ... CreatedDate`); default 0. */
  created?: number;
  /** Records created earlier and changed in the window (`... SystemModstamp`); default 0. */
  changed?: number;
  /** The answer every count query of this object gets instead. */
  countError?: { status: number; body: unknown };
}

/** An object from its flags and fields. */
export function orgObject(
  name: string,
  fields: Record<string, unknown>[],
  count?: number,
  flags: Record<string, unknown> = {},
): OrgObject {
  return {
    describe: { ...objectFlags(name, flags), fields, childRelationships: [], recordTypeInfos: [] },
    ...(count === undefined ? {} : { count }),
  };
}

/**
 * The stand-in org "acme": the objects of the examples (a standard object of 200,000
 * records with a formula field, one of 12,000,000, a History object, an object that is not
 * replicateable, an event object whose date cannot be filtered), and `extra` custom objects so
 * that the describes take several composite requests.
 */
export function acmeOrg(extra = 55): OrgObject[] {
  const objects: OrgObject[] = [
    orgObject(
      'Account',
      [
        ...systemFields(),
        field('Name', 'string', { nillable: false, nameField: true }),
        field('AnnualRevenue', 'currency'),
        field('Score__c', 'double', {
          calculated: true,
          calculatedFormula: 'AnnualRevenue / 1000',
          createable: false,
          updateable: false,
        }),
        field('Customer_Number__c', 'string', { externalId: true, unique: true, idLookup: true }),
      ],
      200_000,
      { keyPrefix: '001' },
    ),
    orgObject(
      'Contact',
      [
        ...systemFields(),
        field('AccountId', 'reference', { referenceTo: ['Account'], relationshipName: 'Account' }),
        field('LastName', 'string', { nillable: false }),
      ],
      12_000_000,
      { keyPrefix: '003' },
    ),
    orgObject(
      'AccountHistory',
      [
        field('Id', 'id', {
          idLookup: true,
          nillable: false,
          createable: false,
          updateable: false,
          defaultedOnCreate: true,
        }),
        field('IsDeleted', 'boolean', {
          nillable: false,
          createable: false,
          updateable: false,
          defaultedOnCreate: true,
        }),
        field('AccountId', 'reference', { referenceTo: ['Account'], nillable: false, updateable: false }),
        field('CreatedDate', 'datetime', {
          nillable: false,
          createable: false,
          updateable: false,
          defaultedOnCreate: true,
        }),
        field('Field', 'picklist', { nillable: false, updateable: false }),
        field('OldValue', 'anyType', { filterable: false, sortable: false, updateable: false }),
        field('NewValue', 'anyType', { filterable: false, sortable: false, updateable: false }),
      ],
      undefined,
      { createable: false, updateable: false, deletable: false, undeletable: false, keyPrefix: '017' },
    ),
    orgObject(
      'LoginEvent',
      [
        field('Id', 'id', { idLookup: true, nillable: false, createable: false, updateable: false }),
        field('EventDate', 'datetime', {
          nillable: false,
          filterable: false,
          sortable: false,
          updateable: false,
        }),
        field('Username', 'string', { updateable: false }),
      ],
      undefined,
      { replicateable: false, createable: false, updateable: false, deletable: false, keyPrefix: '0Ym' },
    ),
    orgObject(
      'Invoice__c',
      [
        ...systemFields(),
        field('Name', 'string', {
          autoNumber: true,
          nillable: false,
          createable: false,
          updateable: false,
          nameField: true,
        }),
        field('Amount__c', 'currency'),
      ],
      3,
      { keyPrefix: 'a01' },
    ),
  ];
  for (let i = 1; i <= extra; i += 1) {
    const name = `Extra_${String(i).padStart(3, '0')}__c`;
    objects.push(
      orgObject(name, [...systemFields(), field('Label__c', 'string')], i * 10, { keyPrefix: `a${i}` }),
    );
  }
  return objects;
}

/** The global list of objects (`GET /sobjects`): the describes' flags, without fields. */
export function globalDescribe(objects: readonly OrgObject[]): Record<string, unknown> {
  return {
    encoding: 'UTF-8',
    maxBatchSize: 200,
    sobjects: objects.map((o) => {
      const { fields: _fields, childRelationships: _c, recordTypeInfos: _r, ...flags } = o.describe;
      return flags;
    }),
  };
}

/** The record counts (`GET /limits/recordCount`): the objects that have one. */
export function recordCounts(objects: readonly OrgObject[]): Record<string, unknown> {
  return {
    sObjects: objects
      .filter((o) => o.count !== undefined)
      .map((o) => ({ count: o.count, name: o.describe.name })),
  };
}

/** The `/limits` answer with the daily API requests (and two other limits, as a real answer has). */
export function limits(max: number, remaining: number): Record<string, unknown> {
  return {
    DailyApiRequests: { Max: max, Remaining: remaining },
    DailyBulkApiBatches: { Max: 15000, Remaining: 15000 },
    DataStorageMB: { Max: 1024, Remaining: 1000 },
  };
}

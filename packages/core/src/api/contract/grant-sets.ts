import { Type, type Static } from 'typebox';
import { TimestampSchema } from './contract-kit.ts';

/**
 * A grant set of the catalogue as the GrantSets collection answers it (docs/access.md): the
 * server makes it from core's GRANT_SETS, and the role editor offers it by `display`, its name.
 */
export const GrantSetResourceSchema = Type.Object(
  {
    resourceType: Type.Literal('GrantSet'),
    id: Type.String({ description: 'The name in kebab case (`Read patients` is `read-patients`).' }),
    display: Type.String({ description: 'The name; roles name the grant set by it.' }),
    description: Type.String(),
    permissions: Type.Array(Type.String({ description: '`resource:Create|Read|Update|Delete` or `namespace:flag:Allow`.' })),
    created: TimestampSchema,
    meta: Type.Object({ versionId: Type.String(), lastModified: TimestampSchema }, { additionalProperties: false }),
  },
  { title: 'GrantSet', additionalProperties: false },
);
export type GrantSetResource = Static<typeof GrantSetResourceSchema>;

// Must NOT compile: proves the consumer check really type-checks (an `any` package would accept this).
import type { RetrieveType } from '@openk9/api-types/datasource';
export const bad: RetrieveType = 'FUZZY';

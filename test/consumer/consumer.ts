// Compiled by test/consumer.test.ts against the generated package, with `tsc --noEmit --strict`.
import type { datasource, searcher } from '@openk9/api-types';
import type { Bucket, BucketDTO, EnrichItemDTO, RetrieveType } from '@openk9/api-types/datasource';
import type { IngestionPayload } from '@openk9/api-types/ingestion';
import type { ChatRequest, RenameChatRequest } from '@openk9/api-types/rag';
import type { SearchRequest, TokenType } from '@openk9/api-types/searcher';
import type { BackgroundProcess, BackgroundProcessStatus } from '@openk9/api-types/tenant-manager';

export const dto: BucketDTO = {
  name: 'wiki',
  refreshOnSuggestionCategory: false,
  refreshOnTab: false,
  refreshOnDate: false,
  refreshOnQuery: true,
  retrieveType: 'HYBRID',
};

export const bucketName = (bucket: Bucket): string | undefined => bucket.name;

// @ts-expect-error 'FUZZY' is not a RetrieveType
export const badRetrieveType: RetrieveType = 'FUZZY';

// @ts-expect-error retrieveType is required in BucketDTO
export const missingRequired: BucketDTO = { name: 'wiki', refreshOnSuggestionCategory: false, refreshOnTab: false, refreshOnDate: false, refreshOnQuery: true };

// @ts-expect-error requestTimeout must be a number
export const wrongFieldType: Pick<EnrichItemDTO, 'requestTimeout'> = { requestTimeout: '1000' };

export const token: TokenType = 'KNN';
export const search: SearchRequest = { searchQuery: [{ tokenType: 'TEXT', values: ['invoice'] }], range: [0, 10] };
// The namespace form of the index entry reaches the same types.
export const sameSearch: searcher.SearchRequest = search;
export const retrieve: datasource.RetrieveType = 'KNN';

export const chat: ChatRequest = { searchText: 'What changed?', timestamp: '2025-01-01T10:00:00Z', chatSequenceNumber: 1 };
export const rename: RenameChatRequest = { newTitle: 'Release notes' };
export const payload: IngestionPayload = { datasourceId: 1, contentId: 'doc-1', type: 'HALT' };
export const rollback: BackgroundProcessStatus = 'ROOLBACK';
export const status = (p: BackgroundProcess): BackgroundProcessStatus | undefined => p.status;

// @ts-expect-error 'ROLLBACK' is not the contract's spelling
export const misspelt: BackgroundProcessStatus = 'ROLLBACK';

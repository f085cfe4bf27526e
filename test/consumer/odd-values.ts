import type { BackSlash, Größe, ItS, Limit, Ratio, TwoLines, 名前 } from 'api-types/odd-values';

export const ratio: Ratio = 0.5;
export const limit: Limit = 10;
export const size: Größe = 'M';
export const name: 名前 = 'Ada';
export const quoted: ItS = { "it's": 'yes' };
export const slashed: BackSlash = 1;
export const lines: TwoLines = true;
// @ts-expect-error: only the finite values of the enum are left
export const infinite: Ratio = 2;

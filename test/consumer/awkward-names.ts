import type {
  AppsSecret,
  Components,
  Delete,
  ParameterPageSize,
  ResponseNotFound,
  SimpleUser,
  SimpleUser2,
  String,
  _2fa,
} from 'api-types/awkward-names';

export const user: SimpleUser2 = { id: 1 };
export const named: SimpleUser = { name: 'Ada' };
export const secret: AppsSecret = 'hidden';
export const verb: Delete = 'delete';
export const twoFactor: _2fa = true;
export const text: String = 'text';
export const clash: Components = 'components';
export const pageSize: ParameterPageSize = 20;
export const notFound: ResponseNotFound = { headers: {}, content: undefined } as unknown as ResponseNotFound;
// @ts-expect-error: the schema "simple-user" has a numeric id
export const wrong: SimpleUser2 = { id: 'one' };
